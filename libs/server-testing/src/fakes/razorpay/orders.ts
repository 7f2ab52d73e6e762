import type { JsonObject } from './http';
import { badRequest } from './http';
import type { PayerDetails, RazorpayStore } from './state';
import { newId, snapshot, unixNow } from './state';
import type {
  CheckoutResponse,
  RazorpayOrderEntity,
  RazorpayPaymentEntity,
  RazorpayRefundEntity,
} from './types';
import { integerField, notesField, stringField } from './validate';

export const createOrder = (store: RazorpayStore, body: JsonObject): RazorpayOrderEntity => {
  const amount = integerField(body, 'amount') as number;
  if (amount < 100) throw badRequest('The amount must be atleast INR 1.00', 'amount');
  const currency = stringField(body, 'currency', { max: 3 }) ?? 'INR';
  if (!/^[A-Z]{3}$/.test(currency)) throw badRequest('The currency is invalid.', 'currency');
  // Razorpay does not enforce receipt uniqueness: idempotency is the caller's job.
  const receipt = stringField(body, 'receipt', { max: 40 }) ?? null;
  const order: RazorpayOrderEntity = {
    id: newId('order'),
    entity: 'order',
    amount,
    amount_paid: 0,
    amount_due: amount,
    currency,
    receipt,
    offer_id: null,
    status: 'created',
    attempts: 0,
    notes: notesField(body),
    created_at: unixNow(),
  };
  store.orders.set(order.id, order);
  return order;
};

/** Checkout's Pay on an order: authorised, auto-captured, order paid; three webhooks. */
export const payOrder = (store: RazorpayStore, orderId: string, payer: PayerDetails): CheckoutResponse => {
  const order = store.find(store.orders, orderId);
  // `doublePayments`: two Checkout windows on one order both paid within a second, as banks can authorise both.
  if (order.status === 'paid' && !store.doublePayments)
    throw badRequest('Order has already been paid', 'order_id');
  order.attempts += 1;
  const payment = store.newPayment(order.amount, order.currency, payer, { orderId: order.id });
  store.authorize(payment);
  const authorized = snapshot(payment);
  store.capture(payment);
  order.status = 'paid';
  order.amount_paid = order.amount;
  order.amount_due = 0;
  store.emit([
    { event: 'payment.authorized', payload: { payment: authorized } },
    { event: 'payment.captured', payload: { payment: snapshot(payment) } },
    { event: 'order.paid', payload: { payment: snapshot(payment), order: snapshot(order) } },
  ]);
  return {
    razorpay_payment_id: payment.id,
    razorpay_order_id: order.id,
    razorpay_signature: store.sign(`${order.id}|${payment.id}`),
  };
};

export const failOrder = (store: RazorpayStore, orderId: string, payer: PayerDetails) => {
  const order = store.find(store.orders, orderId);
  if (order.status === 'paid') throw badRequest('Order has already been paid', 'order_id');
  order.attempts += 1;
  order.status = 'attempted';
  const payment = store.newPayment(order.amount, order.currency, payer, { orderId: order.id });
  store.failPayment(payment);
  store.emit([{ event: 'payment.failed', payload: { payment: snapshot(payment) } }]);
  return payment;
};

/** Only reachable for payments left authorised; Checkout's Pay already captures. */
export const capturePayment = (store: RazorpayStore, paymentId: string, body: JsonObject) => {
  const payment = store.find(store.payments, paymentId);
  if (payment.status !== 'authorized')
    throw badRequest(
      payment.captured
        ? 'This payment has already been captured'
        : 'Only payments which have been authorized and not yet captured can be captured',
    );
  const amount = integerField(body, 'amount');
  if (amount !== payment.amount)
    throw badRequest('Capture amount must be equal to the amount authorized', 'amount');
  store.capture(payment);
  const order = payment.order_id ? store.orders.get(payment.order_id) : undefined;
  if (order) {
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
  }
  store.emit([
    { event: 'payment.captured', payload: { payment: snapshot(payment) } },
    ...(order
      ? [{ event: 'order.paid' as const, payload: { payment: snapshot(payment), order: snapshot(order) } }]
      : []),
  ]);
  return payment;
};

export const refundPayment = (
  store: RazorpayStore,
  paymentId: string,
  body: JsonObject,
): RazorpayRefundEntity => {
  const payment = store.find(store.payments, paymentId);
  if (!payment.captured || payment.status === 'failed')
    throw badRequest('The payment has not been captured', 'payment_id');
  const refundable = payment.amount - payment.amount_refunded;
  if (refundable <= 0) throw badRequest('The payment has been fully refunded already', 'payment_id');
  const amount = integerField(body, 'amount', { min: 1, required: false }) ?? refundable;
  if (amount < 100) throw badRequest('The refund amount must be atleast INR 1.00', 'amount');
  if (amount > refundable)
    throw badRequest('The refund amount provided is greater than amount captured', 'amount');
  const speed = stringField(body, 'speed');
  const refund: RazorpayRefundEntity = {
    id: newId('rfnd'),
    entity: 'refund',
    amount,
    currency: payment.currency,
    payment_id: payment.id,
    notes: notesField(body),
    receipt: stringField(body, 'receipt', { max: 40 }) ?? null,
    acquirer_data: { arn: null },
    created_at: unixNow(),
    batch_id: null,
    status: 'processed',
    speed_processed: 'normal',
    speed_requested: speed === 'optimum' ? 'optimum' : 'normal',
  };
  store.refunds.set(refund.id, refund);
  if (store.failRefunds) {
    // The API answers `pending`; the failure arrives later, by webhook only.
    refund.status = 'pending';
    const answer = structuredClone(refund);
    refund.status = 'failed';
    store.emit([
      { event: 'refund.failed', payload: { refund: snapshot(refund), payment: snapshot(payment) } },
    ]);
    return answer;
  }
  applyRefund(payment, amount);
  store.emit([
    { event: 'refund.processed', payload: { refund: snapshot(refund), payment: snapshot(payment) } },
  ]);
  return refund;
};

const applyRefund = (payment: RazorpayPaymentEntity, amount: number) => {
  payment.amount_refunded += amount;
  const full = payment.amount_refunded >= payment.amount;
  payment.refund_status = full ? 'full' : 'partial';
  if (full) payment.status = 'refunded';
};
