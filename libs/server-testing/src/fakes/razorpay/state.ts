import { createHmac, randomBytes } from 'node:crypto';
import { notFound } from './http';
import type {
  PayMethod,
  RazorpayInvoiceEntity,
  RazorpayOrderEntity,
  RazorpayPaymentEntity,
  RazorpayPlanEntity,
  RazorpayRefundEntity,
  RazorpaySubscriptionEntity,
  WebhookEventName,
  WebhookPayload,
} from './types';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay ids: a prefix and 14 base62 characters (`order_Nx3…`). */
export const newId = (prefix: string) =>
  `${prefix}_${Array.from(randomBytes(14), (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;

export const unixNow = () => Math.floor(Date.now() / 1000);

export const hmacHex = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('hex');

export type EmittedEvent = { event: WebhookEventName; payload: WebhookPayload };

/** An add-on waiting for the subscription's next invoice (at create: its authentication payment). */
export type PendingAddon = { name: string; amount: number; currency: string };

/** Subscriptions carry what Razorpay keeps to itself: a cancel requested for the cycle's end, add-ons not charged. */
export type SubscriptionRecord = {
  entity: RazorpaySubscriptionEntity;
  cancelAtCycleEnd: boolean;
  /** Absent in state saved before add-ons were taken: none. */
  addons?: PendingAddon[];
};

/** Payer details Checkout collected (the VPA or card typed into the modal, the prefilled email). */
export type PayerDetails = { method: PayMethod; email?: string; vpa?: string };

/** Everything the fake knows, plus the builders every flow shares. */
export class RazorpayStore {
  readonly orders = new Map<string, RazorpayOrderEntity>();
  readonly payments = new Map<string, RazorpayPaymentEntity>();
  readonly refunds = new Map<string, RazorpayRefundEntity>();
  readonly plans = new Map<string, RazorpayPlanEntity>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, RazorpayInvoiceEntity>();
  failRefunds = false;
  doublePayments = false;

  constructor(
    readonly keySecret: string,
    /** One call per action; the events of one call are one group for the reorder switch. */
    readonly emit: (events: EmittedEvent[]) => void,
  ) {}

  find<T>(map: Map<string, T>, id: string): T {
    const found = map.get(id);
    if (!found) throw notFound();
    return found;
  }

  sign(data: string) {
    return hmacHex(this.keySecret, data);
  }

  newPayment(
    amount: number,
    currency: string,
    payer: PayerDetails,
    links: {
      orderId: string | null;
      invoiceId?: string | null;
      customerId?: string | null;
      description?: string | null;
    },
  ): RazorpayPaymentEntity {
    const card = payer.method === 'card';
    const cardId = card ? newId('card') : null;
    const payment: RazorpayPaymentEntity = {
      id: newId('pay'),
      entity: 'payment',
      amount,
      currency,
      status: 'created',
      order_id: links.orderId,
      invoice_id: links.invoiceId ?? null,
      international: false,
      method: payer.method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: links.description ?? null,
      card_id: cardId,
      ...(cardId
        ? {
            card: {
              id: cardId,
              entity: 'card' as const,
              name: 'Test Card',
              last4: '1111',
              network: 'Visa',
              type: 'credit' as const,
              issuer: null,
              international: false,
              emi: false,
              sub_type: 'consumer' as const,
            },
          }
        : {}),
      bank: null,
      wallet: null,
      vpa: card ? null : (payer.vpa ?? 'success@razorpay'),
      email: payer.email ?? 'void@razorpay.com',
      contact: '+919000090000',
      customer_id: links.customerId ?? null,
      token_id: null,
      notes: [],
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: card
        ? { auth_code: String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000)) }
        : { rrn: String(randomBytes(5).readUIntBE(0, 5)).padStart(12, '0'), upi_transaction_id: null },
      created_at: unixNow(),
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  authorize(payment: RazorpayPaymentEntity) {
    payment.status = 'authorized';
  }

  /** Razorpay's fee is about 2 % plus 18 % GST on it, both in paise. */
  capture(payment: RazorpayPaymentEntity) {
    payment.status = 'captured';
    payment.captured = true;
    const fee = Math.round(payment.amount * 0.02);
    const tax = Math.round(fee * 0.18);
    payment.fee = fee + tax;
    payment.tax = tax;
  }

  failPayment(payment: RazorpayPaymentEntity) {
    payment.status = 'failed';
    payment.error_code = 'BAD_REQUEST_ERROR';
    payment.error_description =
      "Your payment didn't go through as it was declined by the bank. Try another payment method or contact your bank.";
    payment.error_source = 'bank';
    payment.error_step = 'payment_authorization';
    payment.error_reason = 'payment_failed';
  }
}

/** What `stateFile` keeps: the account's entities and its secrets. */
export type StoredAccount = {
  keySecret: string;
  webhookSecret: string;
  orders: RazorpayOrderEntity[];
  payments: RazorpayPaymentEntity[];
  refunds: RazorpayRefundEntity[];
  plans: RazorpayPlanEntity[];
  subscriptions: SubscriptionRecord[];
  /** Absent in state saved before invoices were kept. */
  invoices?: RazorpayInvoiceEntity[];
};

const byId = <T extends { id: string }>(items: T[] | undefined) =>
  (items ?? []).map((item): [string, T] => [item.id, item]);

/** The store's entities (and the given secrets) as `stateFile` holds them. */
export const accountOf = (store: RazorpayStore, webhookSecret: string): StoredAccount => ({
  keySecret: store.keySecret,
  webhookSecret,
  orders: [...store.orders.values()],
  payments: [...store.payments.values()],
  refunds: [...store.refunds.values()],
  plans: [...store.plans.values()],
  subscriptions: [...store.subscriptions.values()],
  invoices: [...store.invoices.values()],
});

/** Fills an empty store from a kept account (insertion order is creation order, as lists expect). */
export const restoreAccount = (store: RazorpayStore, account: Partial<StoredAccount>) => {
  for (const [id, order] of byId(account.orders)) store.orders.set(id, order);
  for (const [id, payment] of byId(account.payments)) store.payments.set(id, payment);
  for (const [id, refund] of byId(account.refunds)) store.refunds.set(id, refund);
  for (const [id, plan] of byId(account.plans)) store.plans.set(id, plan);
  for (const record of account.subscriptions ?? []) store.subscriptions.set(record.entity.id, record);
  for (const [id, invoice] of byId(account.invoices)) store.invoices.set(id, invoice);
};

/** Webhook payloads carry the entity as it was when the event happened, not as it is when delivered. */
export const snapshot = <T>(entity: T): { entity: T } => ({ entity: structuredClone(entity) });
