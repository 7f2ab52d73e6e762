import { Injectable, Logger } from '@nestjs/common';
import type { Checkout, Payer, PlanId, SubscriptionView, VerifyPaymentResult } from '@app/contracts';
import { ErrorCode, PaymentMessages, PaymentStatus, SubscriptionStatus } from '@app/contracts';
import { AppError } from '@app/server-core';
import { assertIdempotencyKey, subscriptionCheckout } from '../checkout/checkout.mapper';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { GrantKind } from '../entitlements/grant.schema';
import { PaymentEventsPublisher } from '../payments/payment-events.publisher';
import { PaymentsRepository } from '../payments/payments.repository';
import { PlansService } from '../plans/plans.service';
import type { RazorpayPayment, RazorpaySubscription } from '../razorpay/razorpay-entities';
import { fromUnix, toUnix } from '../razorpay/razorpay-entities';
import { RazorpayClient, RazorpayRequestError } from '../razorpay/razorpay.client';
import { ReceiptsService } from '../receipts/receipts.service';
import { toSubscriptionView } from './subscription.mapper';
import {
  givesAccess,
  isNewer,
  isTerminal,
  pickCurrent,
  pickScheduledChange,
  remoteState,
} from './subscription-state';
import { SubscriptionsRepository, type StoredSubscription } from './subscriptions.repository';

export type PlanOrder = { payer: Payer; planId: PlanId; idempotencyKey: string };
export type SubscriptionConfirmation = { paymentId: string; subscriptionId: string; signature: string };

/** How often a compare-and-set is retried when another writer moved the subscription in between. */
const CAS_ATTEMPTS = 5;

/**
 * Plans that renew by themselves (DECISIONS 4, 28) through Razorpay Subscriptions: subscribe, verify, follow
 * Razorpay's reports (webhooks, fetches) without ever moving backwards, cancel at cycle end, change plan at the
 * period's end.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);

  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly payments: PaymentsRepository,
    private readonly plans: PlansService,
    private readonly entitlements: EntitlementsService,
    private readonly receipts: ReceiptsService,
    private readonly events: PaymentEventsPublisher,
    private readonly razorpay: RazorpayClient,
  ) {}

  /** `POST /create-order` with a plan: a new subscription, authorised through Checkout. */
  async createPlanOrder({ payer, planId, idempotencyKey }: PlanOrder): Promise<Checkout> {
    assertIdempotencyKey(idempotencyKey);
    const existing = await this.subscriptions.findByKey(payer.userId, idempotencyKey);
    if (existing) return this.checkoutOf(this.samePlanOrFail(existing, planId), payer);
    const current = pickCurrent(await this.subscriptions.ofUser(payer.userId), new Date());
    if (current) {
      throw new AppError(
        ErrorCode.Conflict,
        current.planId === planId ? PaymentMessages.samePlan : PaymentMessages.alreadySubscribed,
      );
    }
    return this.claimAndCheckout(payer, planId, idempotencyKey, { startAt: null, replaces: null });
  }

  /**
   * Change plan (DECISIONS 28): a new subscription to the new plan, charged from the current period's end; once it
   * is authorised the current one is cancelled at its cycle end. No proration, no double charge.
   */
  async changePlan({ payer, planId, idempotencyKey }: PlanOrder): Promise<Checkout> {
    assertIdempotencyKey(idempotencyKey);
    const existing = await this.subscriptions.findByKey(payer.userId, idempotencyKey);
    if (existing) return this.checkoutOf(this.samePlanOrFail(existing, planId), payer);
    const now = new Date();
    const current = pickCurrent(await this.subscriptions.ofUser(payer.userId), now);
    if (!current?.razorpayId || !givesAccess(current, now)) {
      throw new AppError(ErrorCode.NotFound, PaymentMessages.noSubscription);
    }
    if (current.planId === planId) throw new AppError(ErrorCode.Conflict, PaymentMessages.samePlan);
    // Razorpay only takes a future start; a period already over (pending grace) starts the new plan now.
    const startAt = current.currentEnd && current.currentEnd > now ? current.currentEnd : null;
    return this.claimAndCheckout(payer, planId, idempotencyKey, { startAt, replaces: current.razorpayId });
  }

  async verify(
    { paymentId, subscriptionId, signature }: SubscriptionConfirmation,
    payer: Payer,
  ): Promise<VerifyPaymentResult> {
    const sub = await this.subscriptions.findByRazorpayId(subscriptionId);
    if (!sub?.razorpayId) throw new AppError(ErrorCode.NotFound, PaymentMessages.verificationFailed);
    if (sub.userId !== payer.userId)
      throw new AppError(ErrorCode.Forbidden, PaymentMessages.verificationFailed);
    if (
      !this.razorpay.isValidSubscriptionSignature({ subscriptionId: sub.razorpayId, paymentId, signature })
    ) {
      throw new AppError(ErrorCode.ValidationFailed, PaymentMessages.verificationFailed);
    }
    const [entity, payment] = await Promise.all([
      this.razorpay.fetchSubscription(sub.razorpayId),
      this.razorpay.fetchPayment(paymentId),
    ]);
    await this.subscriptions.setFlags(sub.razorpayId, { authorised: true });
    await this.applyRemote({ ...sub, authorised: true }, entity, payment);
    return { message: PaymentMessages.success, movieId: null, planId: sub.planId, kind: 'subscription' };
  }

  async view(userId: string): Promise<SubscriptionView | null> {
    const subs = await this.subscriptions.ofUser(userId);
    const current = pickCurrent(subs, new Date());
    return current ? this.viewOf(current, subs) : null;
  }

  /** Cancel = stop renewing: access lasts to the period's end ("Active until {date}"); a waiting change is dropped. */
  async cancel(userId: string): Promise<SubscriptionView> {
    const subs = await this.subscriptions.ofUser(userId);
    const current = pickCurrent(subs, new Date());
    if (!current?.razorpayId) throw new AppError(ErrorCode.NotFound, PaymentMessages.noSubscription);
    // Never charged (no period to wait for): nothing to keep, cancel it now.
    await this.cancelRenewal(current, { now: current.currentEnd === null });
    for (const waiting of subs.filter((sub) => sub.replaces === current.razorpayId && sub.razorpayId)) {
      await this.cancelRenewal(waiting, { now: true });
    }
    const refreshed = (await this.subscriptions.findByRazorpayId(current.razorpayId)) ?? current;
    return this.viewOf(refreshed, await this.subscriptions.ofUser(userId));
  }

  /** user.deleted: stop every renewal at its cycle end; one never charged (a waiting change) is cancelled now. */
  async stopRenewals(userId: string): Promise<void> {
    for (const sub of await this.subscriptions.ofUser(userId)) {
      await this.cancelRenewal(sub, { now: sub.currentEnd === null });
    }
  }

  /** The reconciler: ask Razorpay for the subscription's state and apply it. */
  async refresh(sub: StoredSubscription): Promise<boolean> {
    if (!sub.razorpayId) return false;
    return this.applyRemote(sub, await this.razorpay.fetchSubscription(sub.razorpayId));
  }

  findByRazorpayId(razorpayId: string): Promise<StoredSubscription | null> {
    return this.subscriptions.findByRazorpayId(razorpayId);
  }

  /**
   * Applies what Razorpay reports (a webhook entity, a fetch) idempotently and never backwards; grants the paid
   * cycle (unique source `<id>@<cycle start>`) and records its charge. Answers whether the state changed.
   */
  async applyRemote(
    sub: StoredSubscription,
    entity: RazorpaySubscription,
    payment?: RazorpayPayment,
  ): Promise<boolean> {
    if (!sub.razorpayId || entity.id !== sub.razorpayId) return false;
    const remote = remoteState(entity);
    let stored = sub;
    let changed = false;
    for (let attempt = 0; attempt < CAS_ATTEMPTS && isNewer(stored, remote); attempt++) {
      if (await this.subscriptions.updateIfUnchanged(stored, remote)) {
        changed = true;
        break;
      }
      const reread = await this.subscriptions.findByRazorpayId(sub.razorpayId);
      if (!reread) return false;
      stored = reread;
    }
    // Any state past `created` means Checkout was completed.
    if (remote.status !== SubscriptionStatus.Created && !stored.authorised) {
      await this.subscriptions.setFlags(sub.razorpayId, { authorised: true });
    }

    const charged = payment?.status === 'captured' && entity.current_start && entity.current_end;
    if (charged && payment) await this.recordCharge(sub, entity, payment);
    const cycleStart = fromUnix(entity.current_start);
    const cycleEnd = fromUnix(entity.current_end);
    if (cycleStart && cycleEnd && (charged || remote.status === SubscriptionStatus.Active)) {
      await this.entitlements.grant({
        source: `${sub.razorpayId}@${entity.current_start}`,
        userId: sub.userId,
        kind: GrantKind.Subscription,
        planId: sub.planId,
        subscriptionId: sub.razorpayId,
        paymentId: charged && payment ? payment.id : null,
        periodStart: cycleStart,
        periodEnd: cycleEnd,
        grantedAt: new Date(),
      });
    }
    if (sub.replaces && remote.status !== SubscriptionStatus.Created && !isTerminal(remote.status)) {
      await this.takeOverFrom(sub);
    }
    if (changed) {
      await this.events.publish('subscription.changed', {
        userId: sub.userId,
        subscriptionId: sub.razorpayId,
        planId: sub.planId,
        status: remote.status,
        currentEnd: remote.currentEnd?.toISOString() ?? null,
      });
    }
    return changed;
  }

  private async recordCharge(
    sub: StoredSubscription,
    entity: RazorpaySubscription,
    payment: RazorpayPayment,
  ) {
    const { capturedNow } = await this.payments.record(
      {
        _id: payment.id,
        orderId: payment.order_id ?? null,
        subscriptionId: entity.id,
        userId: sub.userId,
        kind: GrantKind.Subscription,
        movieId: null,
        title: null,
        planId: sub.planId,
        amountPaise: payment.amount,
        status: PaymentStatus.Captured,
        method: payment.method ?? null,
        periodStart: fromUnix(entity.current_start),
        periodEnd: fromUnix(entity.current_end),
        cycle: entity.paid_count || 1,
      },
      new Date(),
    );
    if (capturedNow) {
      await this.events.publish('payment.captured', {
        paymentId: payment.id,
        userId: sub.userId,
        kind: GrantKind.Subscription,
        movieId: null,
        planId: sub.planId,
        amountPaise: payment.amount,
      });
    }
    // Claimed once per payment: asking again after a crash finishes a receipt that was never sent.
    await this.receipts.sendFor(payment.id);
  }

  /** A plan change was authorised: the old subscription stops renewing at its cycle end; other waiting changes go. */
  private async takeOverFrom(next: StoredSubscription) {
    const old = next.replaces ? await this.subscriptions.findByRazorpayId(next.replaces) : null;
    if (!old?.razorpayId || !next.razorpayId) return;
    if (old.replacedBy !== next.razorpayId)
      await this.subscriptions.setFlags(old.razorpayId, { replacedBy: next.razorpayId });
    await this.cancelRenewal(old, { now: false });
    for (const other of await this.subscriptions.ofUser(old.userId)) {
      if (other.replaces === old.razorpayId && other.razorpayId !== next.razorpayId && other.authorised) {
        await this.cancelRenewal(other, { now: true });
      }
    }
  }

  /**
   * Tells Razorpay to stop renewing (at the cycle end, or now), once: the flag is claimed first so concurrent
   * callers do not cancel twice, and released if Razorpay refuses for a reason other than "already cancelled".
   */
  private async cancelRenewal(sub: StoredSubscription, { now }: { now: boolean }): Promise<void> {
    if (!sub.razorpayId || isTerminal(sub.status) || sub.cancelAtCycleEnd) return;
    if (!(await this.subscriptions.claimCancel(sub.razorpayId))) return;
    try {
      const entity = await this.razorpay.cancelSubscription(sub.razorpayId, !now);
      // At cycle end Razorpay still reports it active: no state change, but renewal is off, which is news too.
      if (!(await this.applyRemote({ ...sub, cancelAtCycleEnd: true }, entity))) {
        await this.events.publish('subscription.changed', {
          userId: sub.userId,
          subscriptionId: sub.razorpayId,
          planId: sub.planId,
          status: sub.status,
          currentEnd: sub.currentEnd?.toISOString() ?? null,
        });
      }
    } catch (error) {
      if (error instanceof RazorpayRequestError && error.status < 500) {
        // Razorpay has it cancelled already (or never created it): take its word for the state.
        this.logger.warn({
          msg: 'cancel refused by razorpay',
          subscriptionId: sub.razorpayId,
          description: error.description,
        });
        await this.refresh(sub).catch(() => false);
        return;
      }
      await this.subscriptions.setFlags(sub.razorpayId, { cancelAtCycleEnd: false });
      throw error;
    }
  }

  private async claimAndCheckout(
    payer: Payer,
    planId: PlanId,
    idempotencyKey: string,
    { startAt, replaces }: { startAt: Date | null; replaces: string | null },
  ): Promise<Checkout> {
    this.plans.findOrFail(planId);
    const claimed = await this.subscriptions.create({
      userId: payer.userId,
      idempotencyKey,
      planId,
      startAt,
      replaces,
      email: payer.email,
      name: payer.name,
    });
    const sub = claimed ?? (await this.subscriptions.findByKey(payer.userId, idempotencyKey));
    if (!sub) throw new AppError(ErrorCode.Internal, PaymentMessages.createOrderFailed);
    return this.checkoutOf(this.samePlanOrFail(sub, planId), payer);
  }

  private samePlanOrFail(sub: StoredSubscription, planId: PlanId): StoredSubscription {
    if (sub.planId !== planId) throw new AppError(ErrorCode.Conflict, PaymentMessages.createOrderFailed);
    return sub;
  }

  /** The Razorpay subscription behind ours: created once; of two racing creators the first stored id wins. */
  private async checkoutOf(sub: StoredSubscription, payer: Payer): Promise<Checkout> {
    const plan = this.plans.findOrFail(sub.planId);
    let razorpayId = sub.razorpayId;
    if (!razorpayId) {
      const created = await this.razorpay.createSubscription({
        planId: await this.plans.razorpayPlanId(plan),
        totalCount: this.plans.totalCount(plan),
        ...(sub.startAt ? { startAt: toUnix(sub.startAt) } : {}),
        notes: {
          userId: sub.userId,
          planId: sub.planId,
          ...(sub.replaces ? { replaces: sub.replaces } : {}),
        },
      });
      razorpayId = (await this.subscriptions.attachRazorpayId(sub._id, created.id))?.razorpayId ?? created.id;
    }
    return subscriptionCheckout({
      razorpaySubscriptionId: razorpayId,
      plan,
      keyId: this.razorpay.keyId,
      payer: { email: sub.email ?? payer.email, name: sub.name ?? payer.name },
      startsAt: sub.startAt,
    });
  }

  private viewOf(current: StoredSubscription, subs: StoredSubscription[]): SubscriptionView {
    const plan = this.plans.findOrFail(current.planId);
    const scheduled = pickScheduledChange(subs, current);
    const scheduledPlan = scheduled ? this.plans.find(scheduled.planId) : undefined;
    return toSubscriptionView(
      current,
      plan,
      scheduled && scheduledPlan ? { sub: scheduled, plan: scheduledPlan } : null,
    );
  }
}
