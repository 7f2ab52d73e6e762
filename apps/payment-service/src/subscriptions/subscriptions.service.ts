import { Injectable, Logger } from '@nestjs/common';
import type {
  Checkout,
  Payer,
  PlanId,
  SubscriptionView,
  TrialOffer,
  VerifyPaymentResult,
} from '@app/contracts';
import {
  AuthMessages,
  TRIAL_DAYS,
  TRIAL_PLAN,
  TrialMessages,
  ErrorCode,
  PaymentMessages,
  PaymentStatus,
  PromoMessages,
  RevokeReason,
  SubscriptionStatus,
  VerifyOutcome,
} from '@app/contracts';
import { AppError, Outbox } from '@app/server-core';
import {
  assertIdempotencyKey,
  assertMayPay,
  ownIdempotencyKey,
  subscriptionCheckout,
  verifiedAs,
} from '../checkout/checkout.mapper';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { GrantKind } from '../entitlements/grant.schema';
import { PaymentsRepository } from '../payments/payments.repository';
import { RefundsService } from '../payments/refunds.service';
import { periodEndFrom } from '../plans/plan-catalogue';
import { PlansService } from '../plans/plans.service';
import type { RazorpayPayment, RazorpaySubscription } from '../razorpay/razorpay-entities';
import { fromUnix, toUnix } from '../razorpay/razorpay-entities';
import { PromosService } from '../promos/promos.service';
import { RazorpayClient, RazorpayRequestError } from '../razorpay/razorpay.client';
import { ReceiptsService } from '../receipts/receipts.service';
import { toSubscriptionView } from './subscription.mapper';
import {
  givesAccess,
  isLiveStatus,
  isNewer,
  isTerminal,
  pickCurrent,
  pickDuplicates,
  pickScheduledChange,
  remoteState,
} from './subscription-state';
import { SubscriptionsRepository, type StoredSubscription } from './subscriptions.repository';

export type PlanOrder = { payer: Payer; planId: PlanId; idempotencyKey: string };
/** A new plan may come without a key (SPEC 7's body carries none): one open subscription per account still holds. */
export type NewPlanOrder = Omit<PlanOrder, 'idempotencyKey'> & {
  idempotencyKey?: string;
  promoCode?: string;
};
export type SubscriptionConfirmation = { paymentId: string; subscriptionId: string; signature: string };

/** How often a compare-and-set is retried when another writer moved the subscription in between. */
const CAS_ATTEMPTS = 5;
/** Rounds of "find the open subscription, else claim the slot" before giving up (a lost round: another tab won). */
const OPEN_ATTEMPTS = 4;

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
    private readonly outbox: Outbox,
    private readonly refunds: RefundsService,
    private readonly razorpay: RazorpayClient,
    private readonly promos: PromosService,
  ) {}

  /**
   * `POST /create-order` with a plan: a new subscription, authorised through Checkout. One per viewer awaits
   * Checkout or is live at a time (issue 22), whatever the key: another tab asking the same plan gets the same
   * subscription; one asking another plan takes the slot of one never paid (which stays payable: if it is paid
   * after all, the second to go live is cancelled and refunded).
   */
  async createPlanOrder({ payer, planId, idempotencyKey, promoCode }: NewPlanOrder): Promise<Checkout> {
    assertMayPay();
    if (idempotencyKey !== undefined) assertIdempotencyKey(idempotencyKey);
    const plan = this.plans.findOrFail(planId);
    // Issue 27: a code is checked (unknown, expired, not for this plan) before anything is stored.
    const offer =
      promoCode === undefined
        ? null
        : await this.promos.offer(
            promoCode,
            { kind: 'subscription', planId },
            plan.priceInr * 100,
            new Date(),
          );
    const existing =
      idempotencyKey === undefined ? null : await this.subscriptions.findByKey(payer.userId, idempotencyKey);
    if (existing) return this.checkoutOf(this.samePlanOrFail(existing, planId), payer);
    const key = idempotencyKey ?? ownIdempotencyKey();
    const current = pickCurrent(await this.subscriptions.ofUser(payer.userId), new Date());
    if (current) throw this.alreadySubscribed(current.planId, planId);
    for (let attempt = 0; attempt < OPEN_ATTEMPTS; attempt++) {
      const open = await this.subscriptions.findOpen(payer.userId);
      if (open) {
        const unpaid = open.status === SubscriptionStatus.Created && !open.authorised && !open.duplicateOf;
        const sameOffer = (open.promo?.code ?? null) === (offer?.applied.code ?? null);
        // An unpaid trial is not a paid plan's order: it gives up the slot like another plan (or code) would.
        if (unpaid && open.planId === planId && !open.trialFor && sameOffer)
          return this.checkoutOf(open, payer);
        const over =
          isTerminal(open.status) || open.status === SubscriptionStatus.Halted || Boolean(open.duplicateOf);
        if (!unpaid && !over) throw this.alreadySubscribed(open.planId, planId);
        if ((await this.subscriptions.releaseOpen(open._id, { unpaid })) && open.promo)
          await this.promos.release({ subscription: open });
        continue;
      }
      // The code's claim is taken for a new subscription only, and given back when it is not stored.
      if (offer) await this.promos.claim(offer, payer.userId);
      const claimed = await this.subscriptions.create({
        userId: payer.userId,
        idempotencyKey: key,
        planId,
        // With a code, the first period is the upfront add-on and the plan's first charge comes one period later.
        startAt: offer ? periodEndFrom(plan, new Date()) : null,
        replaces: null,
        email: payer.email,
        name: payer.name,
        language: payer.language,
        openFor: payer.userId,
        ...(offer ? { promo: offer.applied } : {}),
      });
      if (!claimed && offer) await this.promos.unclaim(offer, payer.userId);
      const sub = claimed ?? (await this.subscriptions.findByKey(payer.userId, key));
      if (sub) return this.checkoutOf(this.samePlanOrFail(sub, planId), payer);
    }
    throw new AppError(ErrorCode.Conflict, PaymentMessages.createOrderFailed);
  }

  /**
   * Issue 27: whether the account may start the free trial. Verified email (the gateway's word, also enforced on its
   * start route), no trial ever, no subscription ever authorised; an open unpaid one does not count.
   */
  async trialOffer(userId: string, emailVerified: boolean): Promise<TrialOffer> {
    const reason = !emailVerified ? AuthMessages.emailNotVerified : await this.trialRefusal(userId);
    return { eligible: reason === null, planId: TRIAL_PLAN, days: TRIAL_DAYS, reason };
  }

  /**
   * The free trial (issue 27, DECISIONS 40): a Standard subscription whose first charge (`start_at`) is the trial's
   * end; Checkout only authorises the mandate. Once per account whatever the key: `trialFor` is unique, so of two
   * racing presses one creates it and the other gets the same one while it awaits Checkout.
   */
  async startTrial({
    payer,
    idempotencyKey,
    promoCode,
  }: {
    payer: Payer;
    idempotencyKey?: string;
    promoCode?: string;
  }): Promise<Checkout> {
    assertMayPay();
    // Issue 27: the trial is free already; a code is for a paid first period, never on top of a trial.
    if (promoCode !== undefined) throw new AppError(ErrorCode.ValidationFailed, PromoMessages.notWithTrial);
    if (idempotencyKey !== undefined) assertIdempotencyKey(idempotencyKey);
    const existing =
      idempotencyKey === undefined ? null : await this.subscriptions.findByKey(payer.userId, idempotencyKey);
    if (existing?.trialFor) return this.checkoutOf(existing, payer);
    const refusal = await this.trialRefusal(payer.userId);
    if (refusal !== null) {
      const unpaid = await this.unpaidTrial(payer.userId);
      if (unpaid) return this.checkoutOf(unpaid, payer);
      throw new AppError(ErrorCode.Conflict, refusal);
    }
    // To the second, as Razorpay's `start_at` (its first charge) states it.
    const trialEndsAt = new Date(Math.floor((Date.now() + TRIAL_DAYS * 24 * 3_600_000) / 1000) * 1000);
    const created = await this.subscriptions.create({
      userId: payer.userId,
      idempotencyKey: idempotencyKey ?? ownIdempotencyKey(),
      planId: TRIAL_PLAN,
      startAt: trialEndsAt,
      replaces: null,
      email: payer.email,
      name: payer.name,
      language: payer.language,
      openFor: payer.userId,
      trialFor: payer.userId,
      trialEndsAt,
    });
    const sub = created ?? (await this.unpaidTrial(payer.userId));
    if (sub) return this.checkoutOf(sub, payer);
    // Another press won the trial and it is paid already, or another plan holds the open slot.
    throw new AppError(ErrorCode.Conflict, (await this.trialRefusal(payer.userId)) ?? TrialMessages.used);
  }

  /** Why this account may not start the trial, or null. */
  private async trialRefusal(userId: string): Promise<string | null> {
    const subs = await this.subscriptions.ofUser(userId);
    if (subs.some((sub) => sub.trialFor)) return TrialMessages.used;
    const subscribedBefore = subs.some(
      (sub) => sub.authorised || sub.liveSince !== null || sub.status !== SubscriptionStatus.Created,
    );
    return subscribedBefore ? TrialMessages.notEligible : null;
  }

  /** The account's trial while it still awaits Checkout (a second press, another tab). */
  private async unpaidTrial(userId: string): Promise<StoredSubscription | null> {
    const trial = await this.subscriptions.findTrial(userId);
    return trial && trial.status === SubscriptionStatus.Created && !trial.authorised ? trial : null;
  }

  /**
   * Change plan (DECISIONS 28): a new subscription to the new plan, charged from the current period's end; once it
   * is authorised the current one is cancelled at its cycle end. No proration, no double charge.
   */
  async changePlan({ payer, planId, idempotencyKey }: PlanOrder): Promise<Checkout> {
    assertMayPay();
    assertIdempotencyKey(idempotencyKey);
    const existing = await this.subscriptions.findByKey(payer.userId, idempotencyKey);
    if (existing) return this.checkoutOf(this.samePlanOrFail(existing, planId), payer);
    const now = new Date();
    const current = pickCurrent(await this.subscriptions.ofUser(payer.userId), now);
    if (!current?.razorpayId || !givesAccess(current, now)) {
      throw new AppError(ErrorCode.NotFound, PaymentMessages.noSubscription);
    }
    if (current.planId === planId) throw new AppError(ErrorCode.Conflict, PaymentMessages.samePlan);
    // Razorpay only takes a future start; a period already over (pending grace) starts the new plan now. An
    // upfront first period (a promo code's) has no Razorpay period yet: its end is the one to wait for.
    const periodEnd = current.currentEnd ?? current.prepaid?.until ?? null;
    const startAt = periodEnd && periodEnd > now ? periodEnd : null;
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
    const duplicate = (await this.subscriptions.findByRazorpayId(sub.razorpayId))?.duplicateOf;
    return {
      ...verifiedAs(duplicate ? VerifyOutcome.RefundedDuplicate : VerifyOutcome.Paid),
      movieId: null,
      planId: sub.planId,
      kind: 'subscription',
    };
  }

  async view(userId: string): Promise<SubscriptionView | null> {
    const subs = await this.subscriptions.ofUser(userId);
    const current = pickCurrent(subs, new Date());
    return current ? this.viewOf(current, subs) : null;
  }

  /**
   * Cancel = stop renewing every subscription of the account (issue 22: a second live one too): access lasts to
   * the period's end ("Active until {date}"); a waiting change, or one never charged, is cancelled now.
   */
  async cancel(userId: string): Promise<SubscriptionView> {
    const current = pickCurrent(await this.subscriptions.ofUser(userId), new Date());
    if (!current?.razorpayId) throw new AppError(ErrorCode.NotFound, PaymentMessages.noSubscription);
    await this.stopRenewals(userId);
    const refreshed = (await this.subscriptions.findByRazorpayId(current.razorpayId)) ?? current;
    return this.viewOf(refreshed, await this.subscriptions.ofUser(userId));
  }

  /**
   * Cancel and user.deleted: stop every renewal at its cycle end; one never charged (a waiting change, a Checkout
   * never finished) is cancelled now. One Razorpay refuses does not keep the others running.
   */
  async stopRenewals(userId: string): Promise<void> {
    const failures: unknown[] = [];
    for (const sub of await this.subscriptions.ofUser(userId)) {
      await this.cancelRenewal(sub, { now: sub.currentEnd === null }).catch((error: unknown) => {
        failures.push(error);
      });
    }
    if (failures.length) throw failures[0];
  }

  /**
   * The reconciler: ask Razorpay for the subscription's state and apply it. An upfront first period (a promo code's)
   * whose report never came (no verify, no webhook) is found by its invoice: the first one paid.
   */
  async refresh(sub: StoredSubscription): Promise<boolean> {
    if (!sub.razorpayId) return false;
    const changed = await this.applyRemote(sub, await this.razorpay.fetchSubscription(sub.razorpayId));
    if (sub.promo && sub.startAt && !sub.prepaid) await this.settleMissedUpfront(sub, sub.startAt);
    return changed;
  }

  private async settleMissedUpfront(sub: StoredSubscription, startAt: Date): Promise<void> {
    const fresh = await this.subscriptions.findByRazorpayId(sub.razorpayId ?? '');
    if (!fresh?.razorpayId || fresh.prepaid || !fresh.authorised) return;
    const [first] = (await this.razorpay.fetchSubscriptionInvoices(fresh.razorpayId)).filter(
      (invoice) => invoice.status === 'paid' && invoice.payment_id,
    );
    if (!first?.payment_id) return;
    const payment = await this.razorpay.fetchPayment(first.payment_id);
    if (payment.status === 'captured') await this.settleUpfront(fresh, payment, startAt, fresh.duplicateOf);
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
    // A move forward is announced through the outbox (issue 29 §1): stored before the compare-and-set, published
    // once it won. A report that moves nothing (most of the reconciler's) writes no entry.
    const moved = !isNewer(sub, remote)
      ? { changed: false, stored: sub }
      : await this.outbox.announce(
          { type: 'subscription.changed', payload: changedEvent(sub, remote) },
          async () => {
            let stored: StoredSubscription | null = sub;
            for (let attempt = 0; attempt < CAS_ATTEMPTS && stored && isNewer(stored, remote); attempt++) {
              // Live for the first time: noted in the same write, so no reader ever sees it live without its moment.
              const firstLive =
                isLiveStatus(remote.status) && !stored.liveSince ? { liveSince: new Date() } : {};
              if (await this.subscriptions.updateIfUnchanged(stored, { ...remote, ...firstLive }))
                return { changed: true, stored };
              stored = await this.subscriptions.findByRazorpayId(sub.razorpayId ?? '');
            }
            return { changed: false, stored };
          },
          (result) => result.changed,
        );
    if (!moved.stored) return false;
    const { changed, stored } = moved;
    // Any state past `created` means Checkout was completed.
    if (remote.status !== SubscriptionStatus.Created && !stored.authorised) {
      await this.subscriptions.setFlags(sub.razorpayId, { authorised: true });
    }
    // An ended subscription no longer holds the viewer's one open slot.
    if (isTerminal(remote.status)) await this.subscriptions.releaseOpen(sub._id, { unpaid: false });
    const duplicateOf = await this.duplicateCheck(sub, remote.status);

    const charged = payment?.status === 'captured' && entity.current_start && entity.current_end;
    if (charged && payment) {
      await this.recordCharge(sub, payment, duplicateOf, {
        periodStart: fromUnix(entity.current_start),
        periodEnd: fromUnix(entity.current_end),
        // With an upfront first period, Razorpay's count of plan charges is one behind ours.
        cycle: (entity.paid_count || 1) + (sub.promo ? 1 : 0),
      });
    }
    if (payment?.status === 'captured' && !charged && sub.promo && sub.startAt) {
      await this.settleUpfront(sub, payment, sub.startAt, duplicateOf);
    }
    const cycleStart = fromUnix(entity.current_start);
    const cycleEnd = fromUnix(entity.current_end);
    if (!duplicateOf && cycleStart && cycleEnd && (charged || remote.status === SubscriptionStatus.Active)) {
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
    if (
      !duplicateOf &&
      sub.replaces &&
      remote.status !== SubscriptionStatus.Created &&
      !isTerminal(remote.status)
    ) {
      await this.takeOverFrom(sub);
    }
    return changed;
  }

  /**
   * One live subscription per viewer (issue 22): when this one is live, the viewer's live subscriptions are
   * compared and every one but the first to go live is retired (cancelled now, its charges refunded). Answers the
   * subscription kept when this one is (or already was) a duplicate.
   */
  private async duplicateCheck(sub: StoredSubscription, status: SubscriptionStatus): Promise<string | null> {
    if (!sub.razorpayId) return null;
    const fresh = await this.subscriptions.findByRazorpayId(sub.razorpayId);
    if (fresh?.duplicateOf) return fresh.duplicateOf;
    if (!isLiveStatus(status)) return null;
    await this.subscriptions.markLive(sub.razorpayId, new Date());
    const found = pickDuplicates(await this.subscriptions.ofUser(sub.userId));
    const keptId = found?.keeper.razorpayId;
    if (found && keptId) {
      for (const duplicate of found.duplicates) await this.retireDuplicate(duplicate, keptId);
      if (found.duplicates.some((duplicate) => duplicate.razorpayId === sub.razorpayId)) return keptId;
    }
    // A concurrent path (another webhook, verify) may have found it first.
    return (await this.subscriptions.findByRazorpayId(sub.razorpayId))?.duplicateOf ?? null;
  }

  /**
   * A second live subscription: marked (once, so one caller cancels it), cancelled now through Razorpay, any cycle
   * it was granted revoked, and every charge of it refunded (each refund is claimed, so a repeat asks nothing).
   * The reconciler retries a cancel Razorpay could not take; charges reported later are refunded as recorded.
   */
  async retireDuplicate(duplicate: StoredSubscription, keptId: string): Promise<void> {
    const id = duplicate.razorpayId;
    if (!id) return;
    if (await this.subscriptions.markDuplicate(id, keptId)) {
      this.logger.warn({
        msg: 'second live subscription cancelled and refunded',
        subscriptionId: id,
        kept: keptId,
        userId: duplicate.userId,
      });
      await this.cancelDuplicateNow({ ...duplicate, duplicateOf: keptId });
      await this.entitlements.revokeSubscription(id, RevokeReason.DuplicatePlan);
    }
    for (const charge of await this.payments.ofSubscription(id)) {
      if (charge.status === PaymentStatus.Captured && !charge.refundId) {
        await this.refunds.refundDuplicate(charge._id, keptId);
      }
    }
  }

  /** Cancels a duplicate at once (not at its cycle end), whatever its renewal flag; failures are left for the reconciler. */
  async cancelDuplicateNow(sub: StoredSubscription): Promise<void> {
    if (!sub.razorpayId || isTerminal(sub.status)) return;
    try {
      await this.subscriptions.setFlags(sub.razorpayId, { cancelAtCycleEnd: true });
      await this.applyRemote(sub, await this.razorpay.cancelSubscription(sub.razorpayId, false));
    } catch (error) {
      this.logger.warn({
        msg: 'duplicate subscription not cancelled yet',
        subscriptionId: sub.razorpayId,
        error: error instanceof Error ? error.message : String(error),
      });
      if (error instanceof RazorpayRequestError && error.status < 500)
        await this.refresh(sub).catch(() => false);
    }
  }

  /**
   * Issue 27: the authentication payment of a subscription bought with a promo code is its upfront first period at
   * the discounted price (Razorpay charges it and keeps it; the plan's first charge is `startAt`). Recorded as the
   * first charge, granted from its payment to `startAt`, and its code counted once (`redeem`); a duplicate's is
   * refunded instead and counts nothing.
   */
  private async settleUpfront(
    sub: StoredSubscription,
    payment: RazorpayPayment,
    startAt: Date,
    duplicateOf: string | null,
  ) {
    if (!sub.razorpayId) return;
    const paidAt = fromUnix(payment.created_at) ?? new Date();
    if (!duplicateOf) {
      await this.subscriptions.markPrepaid(sub.razorpayId, { paymentId: payment.id, paidAt, until: startAt });
      await this.entitlements.grant({
        source: `${sub.razorpayId}@upfront`,
        userId: sub.userId,
        kind: GrantKind.Subscription,
        planId: sub.planId,
        subscriptionId: sub.razorpayId,
        paymentId: payment.id,
        periodStart: paidAt,
        periodEnd: startAt,
        grantedAt: new Date(),
      });
      await this.promos.redeem({ subscription: sub });
    } else {
      await this.promos.release({ subscription: sub });
    }
    await this.recordCharge(sub, payment, duplicateOf, {
      periodStart: paidAt,
      periodEnd: startAt,
      cycle: 1,
    });
  }

  private async recordCharge(
    sub: StoredSubscription,
    payment: RazorpayPayment,
    knownDuplicateOf: string | null,
    period: { periodStart: Date | null; periodEnd: Date | null; cycle: number },
  ) {
    const subscriptionId = sub.razorpayId ?? '';
    // Issue 27: the upfront first period's list price, so Insights keeps the plan's price for MRR, and what it paid
    // for, so Insights counts the subscription live (and new) from now rather than from its `start_at`.
    const upfront =
      period.cycle === 1 && sub.promo && period.periodEnd
        ? {
            listPricePaise: sub.promo.listPricePaise,
            upfront: { subscriptionId, paidUntil: period.periodEnd.toISOString() },
          }
        : {};
    // Announced through the outbox (issue 29 §1) on every report of the charge, dated at its capture, as a title
    // payment is (a replay announces it again: the same news); never for a duplicate's charge.
    const { duplicateOf } = await this.outbox.announce(
      {
        type: 'payment.captured',
        payload: {
          paymentId: payment.id,
          userId: sub.userId,
          kind: GrantKind.Subscription,
          movieId: null,
          planId: sub.planId,
          amountPaise: payment.amount,
          ...upfront,
        },
        at: (charge: { capturedAt: Date | null }) => charge.capturedAt ?? new Date(),
      },
      async () => {
        const { capturedAt } = await this.payments.record(
          {
            _id: payment.id,
            orderId: payment.order_id ?? null,
            subscriptionId,
            userId: sub.userId,
            kind: GrantKind.Subscription,
            movieId: null,
            title: null,
            planId: sub.planId,
            amountPaise: payment.amount,
            status: PaymentStatus.Captured,
            method: payment.method ?? null,
            ...period,
            duplicateOf: knownDuplicateOf,
          },
          new Date(),
        );
        // Found a duplicate meanwhile by a concurrent path whose refunds ran before this charge was stored: ask
        // again (each refund is claimed once), so no charge of a duplicate escapes its refund.
        const duplicate =
          knownDuplicateOf ??
          (await this.subscriptions.findByRazorpayId(subscriptionId))?.duplicateOf ??
          null;
        return { capturedAt, duplicateOf: duplicate };
      },
      (charge) => charge.capturedAt !== null && !charge.duplicateOf,
    );
    if (duplicateOf) await this.refunds.refundDuplicate(payment.id, duplicateOf);
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
      // At cycle end Razorpay still reports it active: no state change (which applyRemote would announce), but
      // renewal is off, which is news too.
      await this.outbox.announce(
        { type: 'subscription.changed', payload: changedEvent(sub, sub) },
        () => this.applyRemote({ ...sub, cancelAtCycleEnd: true }, entity),
        (moved) => !moved,
      );
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
      language: payer.language,
    });
    const sub = claimed ?? (await this.subscriptions.findByKey(payer.userId, idempotencyKey));
    if (!sub) throw new AppError(ErrorCode.Internal, PaymentMessages.createOrderFailed);
    return this.checkoutOf(this.samePlanOrFail(sub, planId), payer);
  }

  private alreadySubscribed(heldPlanId: PlanId, askedPlanId: PlanId): AppError {
    return new AppError(
      ErrorCode.Conflict,
      heldPlanId === askedPlanId ? PaymentMessages.samePlan : PaymentMessages.alreadySubscribed,
    );
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
      const created = await this.plans.withRazorpayPlan(plan, (razorpayPlanId) =>
        this.razorpay.createSubscription({
          planId: razorpayPlanId,
          totalCount: this.plans.totalCount(plan),
          ...(sub.startAt ? { startAt: toUnix(sub.startAt) } : {}),
          // Issue 27: the first period at the code's price, charged (and kept) at authorisation.
          ...(sub.promo
            ? {
                upfront: {
                  name: `${plan.name} plan, first period (promo code ${sub.promo.code})`,
                  amountPaise: sub.promo.listPricePaise - sub.promo.discountPaise,
                },
              }
            : {}),
          notes: {
            userId: sub.userId,
            planId: sub.planId,
            ...(sub.replaces ? { replaces: sub.replaces } : {}),
          },
        }),
      );
      razorpayId = (await this.subscriptions.attachRazorpayId(sub._id, created.id))?.razorpayId ?? created.id;
    }
    return subscriptionCheckout({
      razorpaySubscriptionId: razorpayId,
      plan,
      keyId: this.razorpay.keyId,
      payer: { email: sub.email ?? payer.email, name: sub.name ?? payer.name },
      startsAt: sub.startAt,
      trial: Boolean(sub.trialFor),
      promo: sub.promo,
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

/** What `subscription.changed` says: the subscription in `state`. */
const changedEvent = (sub: StoredSubscription, state: Pick<StoredSubscription, 'status' | 'currentEnd'>) => ({
  userId: sub.userId,
  subscriptionId: sub.razorpayId ?? '',
  planId: sub.planId,
  status: state.status,
  currentEnd: state.currentEnd?.toISOString() ?? null,
  ...(sub.trialEndsAt ? { trialEndsAt: sub.trialEndsAt.toISOString() } : {}),
});
