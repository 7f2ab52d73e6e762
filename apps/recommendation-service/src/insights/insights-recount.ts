import type { EventPayload } from '@app/contracts';
import {
  ALL_TITLES,
  CHURN_STATUSES,
  creditedSeconds,
  decileOf,
  gstOf,
  istDay,
  isTrialConversion,
  itemOf,
  PREPAID_STATUS,
  qoeBreakdown,
  qoeIncrement,
  trialStartDay,
  viewerOf,
} from './insights-rules';
import type {
  EngagementBucketDoc,
  QoeBucketDoc,
  QoeCounters,
  QoeDimensionBucketDoc,
  RevenueBucketDoc,
  SubscriptionDoc,
} from './insights.schemas';

/** An event as the bus carries it (what a recount reads). */
export type CountedEvent =
  | { type: 'playback.started'; payload: EventPayload<'playback.started'>; occurredAt: Date }
  | { type: 'watch.progressed'; payload: EventPayload<'watch.progressed'>; occurredAt: Date }
  | { type: 'favorite.added'; payload: EventPayload<'favorite.added'>; occurredAt: Date }
  | { type: 'payment.captured'; payload: EventPayload<'payment.captured'>; occurredAt: Date }
  | { type: 'payment.refunded'; payload: EventPayload<'payment.refunded'>; occurredAt: Date }
  | { type: 'subscription.changed'; payload: EventPayload<'subscription.changed'>; occurredAt: Date }
  | { type: 'qoe.reported'; payload: EventPayload<'qoe.reported'>; occurredAt: Date };

export type Recount = {
  engagement: Map<string, EngagementBucketDoc>;
  revenue: Map<string, RevenueBucketDoc>;
  qoe: Map<string, QoeBucketDoc>;
  qoeDimensions: Map<string, QoeDimensionBucketDoc>;
  /** Each subscription's state (what active subscriptions and MRR count). */
  subscriptions: Map<string, SubscriptionDoc>;
};

const emptyEngagement = (day: string, itemId: string): EngagementBucketDoc => ({
  _id: `${day}|${itemId}`,
  day,
  itemId,
  plays: 0,
  viewers: 0,
  newViewers: 0,
  watchSeconds: 0,
  favorites: 0,
  reach: {},
});
const emptyRevenue = (day: string): RevenueBucketDoc => ({
  _id: day,
  grossPaise: 0,
  gstPaise: 0,
  subscriptionPaise: 0,
  purchasePaise: 0,
  rentalPaise: 0,
  refundPaise: 0,
  refundGstPaise: 0,
  newSubscriptions: 0,
  renewals: 0,
  churned: 0,
  trialsStarted: 0,
  trialConversions: 0,
});
const emptyQoe = (): QoeCounters => ({
  reports: 0,
  startup: {},
  rebufferCount: 0,
  rebufferMs: 0,
  playedMs: 0,
  bitrateSwitches: 0,
  fatalErrors: 0,
});
/** A QoE bucket's `$inc` applied in memory. */
const addQoe = (row: QoeCounters, inc: Record<string, number>) => {
  for (const [key, n] of Object.entries(inc)) {
    if (key.startsWith('startup.')) {
      const index = key.slice('startup.'.length);
      row.startup[index] = (row.startup[index] ?? 0) + n;
    } else {
      row[key as Exclude<keyof QoeCounters, 'startup'>] += n;
    }
  }
};

/**
 * The buckets counted from scratch out of raw events, each fact once by its natural key: the oracle the consumer's
 * incremental buckets must equal (tests), and the fast way to lay down a generated history (the bench).
 */
export const recount = (events: readonly CountedEvent[]): Recount => {
  const engagement = new Map<string, EngagementBucketDoc>();
  const revenue = new Map<string, RevenueBucketDoc>();
  const qoe = new Map<string, QoeBucketDoc>();
  const qoeDimensions = new Map<string, QoeDimensionBucketDoc>();
  const bucket = (day: string, itemId: string) => {
    const id = `${day}|${itemId}`;
    const found = engagement.get(id) ?? emptyEngagement(day, itemId);
    engagement.set(id, found);
    return found;
  };
  const money = (day: string) => {
    const found = revenue.get(day) ?? emptyRevenue(day);
    revenue.set(day, found);
    return found;
  };
  const starts = new Map<string, EventPayload<'playback.started'>>();
  const reports = new Map<string, EventPayload<'watch.progressed'>>();
  const favorites = new Set<string>();
  const captures = new Map<string, { payload: EventPayload<'payment.captured'>; at: Date }>();
  const refunds = new Map<string, { payload: EventPayload<'payment.refunded'>; at: Date }>();
  const churns = new Map<string, Date>();
  const trials = new Map<string, { endsAt: string; converted: boolean }>();
  const states = new Map<string, SubscriptionDoc>();
  const qoeReports = new Map<string, EventPayload<'qoe.reported'>>();
  for (const event of events) {
    switch (event.type) {
      case 'playback.started':
        starts.set(event.payload.leaseId, event.payload);
        break;
      case 'watch.progressed':
        reports.set(`${event.payload.leaseId}|${Date.parse(event.payload.reportedAt)}`, event.payload);
        break;
      case 'favorite.added': {
        const key = `${viewerOf(event.payload)}|${event.payload.movieId}|${event.payload.addedAt}`;
        if (!favorites.has(key)) {
          favorites.add(key);
          for (const itemId of [event.payload.movieId, ALL_TITLES])
            bucket(istDay(event.payload.addedAt), itemId).favorites += 1;
        }
        break;
      }
      case 'payment.captured':
        captures.set(event.payload.paymentId, { payload: event.payload, at: event.occurredAt });
        break;
      case 'payment.refunded':
        refunds.set(event.payload.paymentId, { payload: event.payload, at: event.occurredAt });
        break;
      case 'subscription.changed': {
        const { subscriptionId: id, userId, planId, status } = event.payload;
        const known = states.get(id);
        if (!known || known.at < event.occurredAt)
          states.set(id, { _id: id, userId, planId, status, at: event.occurredAt });
        const previous = churns.get(event.payload.subscriptionId);
        if (CHURN_STATUSES.has(event.payload.status) && (!previous || previous > event.occurredAt))
          churns.set(event.payload.subscriptionId, event.occurredAt);
        if (event.payload.trialEndsAt) {
          const trial = trials.get(event.payload.subscriptionId);
          trials.set(event.payload.subscriptionId, {
            endsAt: event.payload.trialEndsAt,
            converted: (trial?.converted ?? false) || isTrialConversion(event.payload.status),
          });
        }
        break;
      }
      case 'qoe.reported':
        qoeReports.set(event.payload.reportId, event.payload);
        break;
    }
  }

  // Plays, viewers per day, first days.
  const viewerDays = new Set<string>();
  const firstDay = new Map<string, string>();
  for (const start of starts.values()) {
    const day = istDay(start.startedAt);
    const itemId = itemOf(start);
    const viewer = viewerOf(start);
    for (const scope of [itemId, ALL_TITLES]) {
      bucket(day, scope).plays += 1;
      const key = `${day}|${scope}|${viewer}`;
      if (!viewerDays.has(key)) {
        viewerDays.add(key);
        bucket(day, scope).viewers += 1;
      }
    }
    const first = firstDay.get(viewer);
    if (!first || day < first) firstDay.set(viewer, day);
  }
  for (const day of firstDay.values()) bucket(day, ALL_TITLES).newViewers += 1;

  // Watch time by report day; reach by the play's start day.
  const maxDecile = new Map<string, number>();
  for (const report of reports.values()) {
    const seconds = creditedSeconds(report.watchedSeconds);
    if (seconds > 0)
      for (const scope of [itemOf(report), ALL_TITLES])
        bucket(istDay(report.reportedAt), scope).watchSeconds += seconds;
    const decile = decileOf(report.positionSeconds, report.durationSeconds);
    maxDecile.set(report.leaseId, Math.max(maxDecile.get(report.leaseId) ?? 0, decile));
  }
  for (const [leaseId, reached] of maxDecile) {
    const start = starts.get(leaseId);
    if (!start) continue;
    for (const scope of [itemOf(start), ALL_TITLES]) {
      const { reach } = bucket(istDay(start.startedAt), scope);
      for (let tenth = 1; tenth <= reached; tenth += 1) reach[tenth] = (reach[tenth] ?? 0) + 1;
    }
  }

  // Revenue.
  const firstCharge = new Map<string, Date>();
  for (const { payload, at } of captures.values()) {
    const row = money(istDay(at));
    row.grossPaise += payload.amountPaise;
    row.gstPaise += gstOf(payload.amountPaise);
    row[`${payload.kind}Paise`] += payload.amountPaise;
    if (payload.kind !== 'subscription') continue;
    const first = firstCharge.get(payload.userId);
    if (!first || at < first) firstCharge.set(payload.userId, at);
  }
  for (const { payload, at } of captures.values()) {
    if (payload.kind !== 'subscription') continue;
    const row = money(istDay(at));
    if (firstCharge.get(payload.userId)?.getTime() === at.getTime()) row.newSubscriptions += 1;
    else row.renewals += 1;
  }
  for (const { payload, at } of refunds.values()) {
    const row = money(istDay(at));
    row.refundPaise += payload.amountPaise;
    row.refundGstPaise += gstOf(payload.amountPaise);
  }
  for (const at of churns.values()) money(istDay(at)).churned += 1;
  for (const trial of trials.values()) {
    money(trialStartDay(trial.endsAt)).trialsStarted += 1;
    if (trial.converted) money(istDay(trial.endsAt)).trialConversions += 1;
  }

  // Subscription states: the latest state event's, with the end of a first period paid upfront; one known by that
  // capture alone is `authenticated` (the capture is its authentication).
  const subscriptions = new Map(states);
  for (const { payload } of captures.values()) {
    const { upfront, userId, planId } = payload;
    if (!upfront || !planId) continue;
    const state = subscriptions.get(upfront.subscriptionId) ?? {
      _id: upfront.subscriptionId,
      userId,
      planId,
      status: PREPAID_STATUS,
      at: new Date(0),
    };
    const paidUntil = new Date(upfront.paidUntil);
    if (!state.paidUntil || state.paidUntil < paidUntil)
      subscriptions.set(upfront.subscriptionId, { ...state, paidUntil });
  }

  // QoE: per title and overall, per browser family and per rendition.
  for (const report of qoeReports.values()) {
    const day = istDay(report.reportedAt);
    for (const itemId of [itemOf(report), ALL_TITLES]) {
      const id = `${day}|${itemId}`;
      const row = qoe.get(id) ?? { _id: id, day, itemId, ...emptyQoe() };
      addQoe(row, qoeIncrement(report.samples));
      qoe.set(id, row);
    }
    for (const { dimension, value, inc } of qoeBreakdown(report)) {
      const id = `${day}|${dimension}|${value}`;
      const row = qoeDimensions.get(id) ?? { _id: id, day, dimension, value, ...emptyQoe() };
      addQoe(row, inc);
      qoeDimensions.set(id, row);
    }
  }
  return { engagement, revenue, qoe, qoeDimensions, subscriptions };
};
