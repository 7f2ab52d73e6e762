import { Injectable, Logger } from '@nestjs/common';
import { GrantsRepository } from '../entitlements/grants.repository';
import { GrantKind } from '../entitlements/grant.schema';
import { OrdersRepository } from '../orders/orders.repository';
import { PaymentsRepository } from '../payments/payments.repository';
import { RefundsService } from '../payments/refunds.service';
import { SettlementService } from '../payments/settlement.service';
import { PromosService } from '../promos/promos.service';
import { RazorpayClient } from '../razorpay/razorpay.client';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { ReconcilerRunsRepository } from './reconciler-runs.repository';

/** Orders and subscriptions younger than this are still in someone's Checkout: leave them alone. */
const SETTLE_AFTER_MS = 60_000;
/** Unpaid subscriptions and orders older than this are abandoned checkouts, not lost webhooks. */
const ABANDONED_AFTER_MS = 2 * 24 * 3_600_000;
const BATCH = 200;

export type ReconcileResult = { checked: number; settled: number };

/**
 * Finishes what webhooks and verify calls left undone (a closed browser, a lost webhook, a process killed between
 * "payment recorded" and "entitlement granted"): asks Razorpay about orders still unpaid and subscriptions whose
 * news never came, and settles them through the same idempotent paths. Records its last run for the admin report.
 */
@Injectable()
export class ReconcilerService {
  private readonly logger = new Logger(ReconcilerService.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly payments: PaymentsRepository,
    private readonly grants: GrantsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly subscriptionService: SubscriptionsService,
    private readonly settlement: SettlementService,
    private readonly refunds: RefundsService,
    private readonly razorpay: RazorpayClient,
    private readonly runs: ReconcilerRunsRepository,
    private readonly promos: PromosService,
  ) {}

  async run(now = new Date()): Promise<ReconcileResult> {
    const result: ReconcileResult = { checked: 0, settled: 0 };
    const olderThan = new Date(now.getTime() - SETTLE_AFTER_MS);
    await this.settleOrders(olderThan, result);
    await this.grantCapturedPayments(result);
    await this.refreshSubscriptions(olderThan, new Date(now.getTime() - ABANDONED_AFTER_MS), now, result);
    await this.finishDuplicates(olderThan, result);
    await this.releaseAbandonedPromos(new Date(now.getTime() - ABANDONED_AFTER_MS));
    await this.runs.saveLast({ lastRunAt: now, ...result });
    this.logger.log({ msg: 'reconciler ran', ...result });
    return result;
  }

  /**
   * Issue 27: an order or plan abandoned in Checkout with a promo code gives its claim back, so the viewer (a
   * per-account limit) and everyone else (a total limit) can use the code again. Asked after `settleOrders` and
   * `refreshSubscriptions`, so one paid late was settled first; one paid after this still counts
   * (`PromosService.redeem` takes the claim again).
   */
  private async releaseAbandonedPromos(before: Date) {
    for (const order of await this.orders.abandonedWithPromo(before, BATCH)) {
      await this.guarded(`promo of order ${order.receipt}`, () => this.promos.release({ order }));
    }
    for (const subscription of await this.subscriptions.abandonedWithPromo(before, BATCH)) {
      await this.guarded(`promo of subscription ${subscription._id.toHexString()}`, () =>
        this.promos.release({ subscription }),
      );
    }
  }

  private async settleOrders(olderThan: Date, result: ReconcileResult) {
    for (const order of await this.orders.unsettled(olderThan, BATCH)) {
      if (!order.razorpayOrderId) continue;
      result.checked++;
      await this.guarded(`order ${order.receipt}`, async () => {
        // Every captured payment: a second one (two Checkout windows) is found and refunded on the way.
        for (const payment of await this.razorpay.fetchOrderPayments(order.razorpayOrderId ?? '')) {
          if (payment.status !== 'captured') continue;
          const { paid } = await this.settlement.settleOrderPayment(order, payment, {
            signatureVerified: false,
          });
          if (paid) result.settled++;
        }
      });
    }
  }

  /** A captured title payment without its grant: the chain was cut after the payment was recorded. */
  private async grantCapturedPayments(result: ReconcileResult) {
    // A duplicate has no grant on purpose: its refund is finished below.
    const captured = (await this.payments.captured(BATCH * 5)).filter(
      (p) => p.kind !== GrantKind.Subscription && !p.duplicateOf,
    );
    const granted = new Set((await this.grants.bySources(captured.map((p) => p._id))).map((g) => g.source));
    for (const payment of captured.filter((p) => !granted.has(p._id))) {
      const order = payment.orderId ? await this.orders.findByRazorpayId(payment.orderId) : null;
      if (!order) continue;
      result.checked++;
      await this.guarded(`payment ${payment._id}`, async () => {
        const remote = await this.razorpay.fetchPayment(payment._id);
        const { paid } = await this.settlement.settleOrderPayment(order, remote, {
          signatureVerified: false,
        });
        if (paid) result.settled++;
      });
    }
  }

  private async refreshSubscriptions(
    olderThan: Date,
    createdSince: Date,
    now: Date,
    result: ReconcileResult,
  ) {
    for (const sub of await this.subscriptions.unsettled(olderThan, createdSince, now, BATCH)) {
      result.checked++;
      await this.guarded(`subscription ${sub.razorpayId}`, async () => {
        if (await this.subscriptionService.refresh(sub)) result.settled++;
      });
    }
  }

  /**
   * Second payments (issue 22) whose refund did not go through (Razorpay down or refusing, a refund claim cut off
   * by a crash), and duplicate subscriptions Razorpay has not cancelled yet: asked again.
   */
  private async finishDuplicates(olderThan: Date, result: ReconcileResult) {
    for (const payment of await this.payments.stuckRefundClaims(olderThan, BATCH)) {
      result.checked++;
      await this.guarded(`refund of ${payment._id}`, () => this.refunds.recoverClaim(payment));
    }
    for (const payment of await this.payments.duplicatesAwaitingRefund(olderThan, BATCH)) {
      result.checked++;
      await this.guarded(`duplicate ${payment._id}`, async () => {
        await this.refunds.refundDuplicate(payment._id, payment.duplicateOf ?? '');
        if ((await this.payments.findById(payment._id))?.refundId) result.settled++;
      });
    }
    for (const sub of await this.subscriptions.duplicatesStillRunning(BATCH)) {
      result.checked++;
      await this.guarded(`duplicate subscription ${sub.razorpayId}`, async () => {
        await this.subscriptionService.cancelDuplicateNow(sub);
      });
    }
  }

  /** One bad item (Razorpay down for it, a bug) must not stop the rest of the run. */
  private async guarded(what: string, work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      this.logger.warn({
        msg: 'reconcile step failed',
        what,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
