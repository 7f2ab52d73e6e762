import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@app/contracts';
import { BucketIncrements, EngagementRepository, type PlayState } from './engagement.repository';
import {
  ALL_TITLES,
  CHURN_STATUSES,
  DECILES,
  creditedSeconds,
  decileOf,
  gstOf,
  istDay,
  isTrialConversion,
  itemOf,
  qoeBreakdown,
  qoeIncrement,
  trialStartDay,
  viewerOf,
} from './insights-rules';
import { OnceRepository } from './once.repository';
import { QoeRepository } from './qoe.repository';
import { RevenueRepository } from './revenue.repository';

/** Reach increments for the tenths past `from` up to `to`: `{ '3': 1, '4': 1 }`. */
const reachBetween = (from: number, to: number): Record<string, number> =>
  Object.fromEntries(Array.from({ length: Math.max(0, to - from) }, (_, i) => [String(from + i + 1), 1]));

/**
 * Applies the events insights count (issue 28) to their buckets, each increment once by a natural key, so redelivered,
 * duplicated and out-of-order events leave the same counts as a recount of the distinct events (insights-recount.ts):
 * a play by its lease, a report by its lease and `reportedAt`, a viewer's day, a favorite by viewer, title and time,
 * a payment or refund by its payment id, a QoE batch by its report id. Every effect is commutative (sums, maxima,
 * minima), so order never matters.
 */
@Injectable()
export class InsightsRecorder {
  constructor(
    private readonly engagement: EngagementRepository,
    private readonly revenue: RevenueRepository,
    private readonly qoe: QoeRepository,
    private readonly keys: OnceRepository,
  ) {}

  async playStarted(event: EventPayload<'playback.started'>): Promise<void> {
    const itemId = itemOf(event);
    const viewer = viewerOf(event);
    const day = istDay(event.startedAt);
    if (await this.engagement.markStarted(event.leaseId, { itemId, viewer, day })) {
      await this.engagement.add(day, [itemId, ALL_TITLES], { plays: 1 });
      const scopes = [itemId, ALL_TITLES];
      for (const scope of scopes) {
        if (await this.keys.once(`viewer|${day}|${scope}|${viewer}`))
          await this.engagement.add(day, [scope], { viewers: 1 });
      }
      const moved = await this.engagement.recordViewer(viewer, day);
      if (moved) {
        await this.engagement.add(moved.day, [ALL_TITLES], { newViewers: 1 });
        if (moved.from) await this.engagement.add(moved.from, [ALL_TITLES], { newViewers: -1 });
      }
    }
    const reach = new BucketIncrements();
    await this.settleReach(event.leaseId, reach);
    await this.engagement.addAll(reach);
  }

  progressed(report: EventPayload<'watch.progressed'>): Promise<void> {
    return this.progressedMany([report]);
  }

  /**
   * The reports of one read of the event stream (issue 29: a report every 10 s per play is the hottest event): each
   * applied to its play once, in stream order; the watch time and reach they add, summed per bucket, in one bulk
   * write.
   */
  async progressedMany(reports: ReadonlyArray<EventPayload<'watch.progressed'>>): Promise<void> {
    const increments = new BucketIncrements();
    const plays = new Map<string, PlayState>();
    for (const report of reports) {
      const at = Date.parse(report.reportedAt);
      const decile = decileOf(report.positionSeconds, report.durationSeconds);
      const play = await this.engagement.applyReport(report.leaseId, at, decile);
      if (!play) continue;
      // The play as its latest report left it.
      plays.set(report.leaseId, play);
      const seconds = creditedSeconds(report.watchedSeconds);
      if (seconds > 0) increments.add(istDay(at), [itemOf(report), ALL_TITLES], { watchSeconds: seconds });
    }
    for (const [leaseId, play] of plays) await this.settleReach(leaseId, increments, play);
    await this.engagement.addAll(increments);
  }

  async favoriteAdded(event: EventPayload<'favorite.added'>): Promise<void> {
    if (!(await this.keys.once(`favorite|${viewerOf(event)}|${event.movieId}|${event.addedAt}`))) return;
    await this.engagement.add(istDay(event.addedAt), [event.movieId, ALL_TITLES], { favorites: 1 });
  }

  async paymentCaptured(event: EventPayload<'payment.captured'>, occurredAt: Date): Promise<void> {
    // A promo code's paid first period (issue 27): live from this capture, not from its `start_at` (idempotent, so
    // a redelivery repairs a crash after the key below).
    const { upfront } = event;
    if (upfront && event.planId)
      await this.revenue.markPaid({
        _id: upfront.subscriptionId,
        userId: event.userId,
        planId: event.planId,
        paidUntil: new Date(upfront.paidUntil),
      });
    if (!(await this.keys.once(`captured|${event.paymentId}`))) return;
    const day = istDay(occurredAt);
    const gross = event.amountPaise;
    await this.revenue.add(day, {
      grossPaise: gross,
      gstPaise: gstOf(gross),
      [`${event.kind}Paise`]: gross,
    });
    if (event.kind !== 'subscription') return;
    // MRR counts renewals at the plan's price: a promo code's discounted first period is not it (issue 27).
    if (event.planId)
      await this.revenue.setPlanCharge(event.planId, event.listPricePaise ?? gross, occurredAt);
    const order = await this.revenue.orderCharge(event.userId, occurredAt);
    if (!order.first) {
      await this.revenue.add(day, { renewals: 1 });
      return;
    }
    await this.revenue.add(day, { newSubscriptions: 1 });
    // The charge thought first arrived before this earlier one: it was a renewal all along.
    if (order.replaced) await this.revenue.add(istDay(order.replaced), { newSubscriptions: -1, renewals: 1 });
  }

  async paymentRefunded(event: EventPayload<'payment.refunded'>, occurredAt: Date): Promise<void> {
    if (!(await this.keys.once(`refunded|${event.paymentId}`))) return;
    await this.revenue.add(istDay(occurredAt), {
      refundPaise: event.amountPaise,
      refundGstPaise: gstOf(event.amountPaise),
    });
  }

  async subscriptionChanged(event: EventPayload<'subscription.changed'>, occurredAt: Date): Promise<void> {
    await this.revenue.setSubscription({
      _id: event.subscriptionId,
      userId: event.userId,
      planId: event.planId,
      status: event.status,
      at: occurredAt,
    });
    if (CHURN_STATUSES.has(event.status) && (await this.keys.once(`churned|${event.subscriptionId}`))) {
      await this.revenue.add(istDay(occurredAt), { churned: 1 });
    }
    const { trialEndsAt } = event;
    if (!trialEndsAt) return;
    if (await this.keys.once(`trial|${event.subscriptionId}`))
      await this.revenue.add(trialStartDay(trialEndsAt), { trialsStarted: 1 });
    if (isTrialConversion(event.status) && (await this.keys.once(`trialConverted|${event.subscriptionId}`)))
      await this.revenue.add(istDay(new Date(trialEndsAt)), { trialConversions: 1 });
  }

  async qoeReported(event: EventPayload<'qoe.reported'>): Promise<void> {
    if (!(await this.keys.once(`qoe|${event.reportId}`))) return;
    const day = istDay(event.reportedAt);
    await this.qoe.add(day, [itemOf(event), ALL_TITLES], qoeIncrement(event.samples));
    await this.qoe.addDimensions(day, qoeBreakdown(event));
  }

  /**
   * A deleted account (DPDP, DECISIONS 32): every record naming it goes or loses the name; the counts it added stay,
   * anonymous. Its later events are skipped by the consumer (the tombstone every group keeps).
   */
  async forgetAccount(userId: string): Promise<void> {
    await this.engagement.forgetAccount(userId);
    await this.keys.forgetAccount(userId);
    await this.revenue.forgetAccount(userId);
  }

  /**
   * Moves the reach the buckets hold for a play up to the furthest tenth it reached, once it is started (its start
   * day is then known), by compare-and-set: of two concurrent callers only one adds, and the other reads the play
   * again and moves what is left. The reach moved is added to `increments`, which the caller writes.
   */
  private async settleReach(leaseId: string, increments: BucketIncrements, known?: PlayState): Promise<void> {
    // A round that fails the compare-and-set lost to a concurrent caller, which moved `countedDecile` up: ≤ 10 rounds.
    // The first may start from the play as the caller's write left it: a stale one only fails the compare-and-set.
    for (let round = 0; round <= DECILES; round += 1) {
      const play = round === 0 && known ? known : await this.engagement.findPlay(leaseId);
      if (!play?.started || !play.day || !play.itemId || play.countedDecile >= play.maxDecile) return;
      if (await this.engagement.advanceCounted(leaseId, play.countedDecile, play.maxDecile)) {
        increments.add(play.day, [play.itemId, ALL_TITLES], {
          reach: reachBetween(play.countedDecile, play.maxDecile),
        });
        // Settled up to what this caller saw. A tenth reached after that was reached by a later report (or start),
        // whose own caller saw it, and moves it: its compare-and-set either follows this one or fails and reads again.
        return;
      }
    }
  }
}
