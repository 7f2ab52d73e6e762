import { Injectable, Logger } from '@nestjs/common';
import { PaymentStatus, TitleOrderKind } from '@app/contracts';
import { InjectEnv, Outbox } from '@app/server-core';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { GrantKind } from '../entitlements/grant.schema';
import { newRentalClock } from '../entitlements/rental-clock';
import type { Env } from '../env';
import { OrdersRepository, type StoredOrder } from '../orders/orders.repository';
import type { RazorpayPayment } from '../razorpay/razorpay-entities';
import { PromosService } from '../promos/promos.service';
import { ReceiptsService } from '../receipts/receipts.service';
import { PaymentsRepository } from './payments.repository';
import { RefundsService } from './refunds.service';

export type Settled = {
  paid: boolean;
  /** Set when this was a second payment: the payment it duplicated (this one is refunded). */
  duplicateOf?: string;
};

/**
 * Settles a payment of one of our title orders, from whichever path learns of it first (verify, a webhook, the
 * reconciler). Each step is idempotent by a natural key, and they run in the order record → claim the order →
 * grant: a crash before the claim leaves the order unpaid, which the reconciler (or Razorpay's next webhook
 * retry) finishes; one after it leaves a captured payment without its grant, which the reconciler grants; no
 * replay grants twice (the grant's unique source is the payment id).
 *
 * A second payment for what the payer already has (two Checkout windows on one order paid within a second, or an
 * order of the other kind paid after a purchase) grants nothing: it is refunded through Razorpay by itself and its
 * receipt says so (issue 22). The order's claim decides which of two payments of one order is the second.
 */
@Injectable()
export class SettlementService {
  private readonly logger = new Logger(SettlementService.name);

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly orders: OrdersRepository,
    private readonly entitlements: EntitlementsService,
    private readonly receipts: ReceiptsService,
    private readonly outbox: Outbox,
    private readonly refunds: RefundsService,
    private readonly promos: PromosService,
    @InjectEnv() private readonly env: Env,
  ) {}

  /**
   * `signatureVerified`: Checkout's signed answer was checked, so an authorised (not yet captured) payment is
   * already good for access. Answers whether the order is paid for.
   */
  async settleOrderPayment(
    order: StoredOrder,
    payment: RazorpayPayment,
    { signatureVerified }: { signatureVerified: boolean },
  ): Promise<Settled> {
    if (!order.razorpayOrderId || payment.order_id !== order.razorpayOrderId) return { paid: false };
    const now = new Date();
    const record = (status: PaymentStatus) =>
      this.payments.record(
        {
          _id: payment.id,
          orderId: order.razorpayOrderId ?? null,
          subscriptionId: null,
          userId: order.userId,
          kind: order.kind,
          movieId: order.movieId,
          title: order.title,
          planId: null,
          amountPaise: payment.amount,
          status,
          method: payment.method ?? null,
          periodStart: null,
          periodEnd: null,
          cycle: null,
        },
        now,
      );

    const paid = payment.status === 'captured' || (payment.status === 'authorized' && signatureVerified);
    if (!paid) {
      if (payment.status !== 'created') await record(payment.status);
      if (payment.status === 'failed' || payment.status === 'authorized')
        await this.orders.markAttempted(order.razorpayOrderId);
      return { paid: false };
    }
    // Razorpay fixes an order's amount, so this only trips on a bug or a forged entity: never grant on it.
    if (payment.amount !== order.amountPaise || payment.currency !== 'INR') {
      this.logger.error({
        msg: 'payment amount differs from its order',
        paymentId: payment.id,
        order: order.receipt,
      });
      await record(PaymentStatus.Failed);
      return { paid: false };
    }

    // `payment.captured` through the outbox (issue 29 §1), stored before the capture is recorded and announced once
    // the grant is made. On every settlement of a captured payment, not only the one that captured it (a replay
    // announces it again, dated at the capture: the same news to consumers); never for a second payment.
    const { duplicateOf } = await this.outbox.announce(
      {
        type: 'payment.captured',
        payload: {
          paymentId: payment.id,
          userId: order.userId,
          kind: order.kind,
          movieId: order.movieId,
          planId: null,
          amountPaise: payment.amount,
        },
        at: (settled: { capturedAt: Date | null }) => settled.capturedAt ?? now,
      },
      async () => {
        const recorded = await record(
          payment.status === 'captured' ? PaymentStatus.Captured : PaymentStatus.Authorized,
        );
        this.crashPointForTests();
        const duplicate = await this.duplicateOf(order, payment, now);
        if (!duplicate) {
          await this.entitlements.grant({
            source: payment.id,
            userId: order.userId,
            kind: order.kind === TitleOrderKind.Rental ? GrantKind.Rental : GrantKind.Purchase,
            movieId: order.movieId,
            title: order.title,
            paymentId: payment.id,
            rental: order.kind === TitleOrderKind.Rental ? newRentalClock(now) : null,
            grantedAt: now,
          });
          // Its promo code counts once, whichever settlement gets here first (issue 27).
          await this.promos.redeem({ order });
        }
        return { capturedAt: recorded.capturedAt, duplicateOf: duplicate };
      },
      (settled) => settled.capturedAt !== null && !settled.duplicateOf,
    );
    if (duplicateOf) {
      await this.refunds.refundDuplicate(payment.id, duplicateOf);
      if (payment.status === 'captured') await this.receipts.sendFor(payment.id);
      return { paid: true, duplicateOf };
    }
    // Asked on every settlement of a captured payment, not only the first: the receipt claims itself once, and a
    // process killed after recording the capture must not lose it.
    if (payment.status === 'captured') await this.receipts.sendFor(payment.id);
    return { paid: true };
  }

  /**
   * Whether `payment` is a second one: its order was already paid with another payment (the claim decides it), or
   * another payment's live grant already gives what this order buys. Answers the payment it duplicates.
   */
  private async duplicateOf(order: StoredOrder, payment: RazorpayPayment, now: Date): Promise<string | null> {
    const known = (await this.payments.findById(payment.id))?.duplicateOf;
    if (known) return known;
    const paidWith = await this.orders.claimPayment(order.razorpayOrderId ?? '', payment.id, now);
    if (paidWith && paidWith !== payment.id) return paidWith;
    return this.entitlements.heldThrough(order.userId, order.movieId, order.kind, payment.id, now);
  }

  /** The kill-between-steps test (env PAYMENT_TEST_CRASH_POINT, refused in production): die like a killed process. */
  private crashPointForTests() {
    if (this.env.PAYMENT_TEST_CRASH_POINT === 'after-payment-recorded') process.kill(process.pid, 'SIGKILL');
  }
}
