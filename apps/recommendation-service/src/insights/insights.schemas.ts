import { Schema } from 'mongoose';

// The insights' stores (issue 28), in recommendation-service's own database. Buckets hold counters a report sums;
// the other collections are the natural keys that make each counter's increment happen once.

/** One play (a lease): what its events told, and how much of its reach the buckets hold (`countedDecile`). */
export type PlayDoc = {
  _id: string;
  started: boolean;
  itemId?: string;
  viewer?: string;
  day?: string;
  /** `reportedAt` (epoch ms) of every report applied: a repeat changes nothing. */
  seen: number[];
  maxDecile: number;
  countedDecile: number;
};
export const PlaySchema = new Schema<PlayDoc>(
  {
    _id: String,
    started: { type: Boolean, default: false },
    itemId: String,
    viewer: String,
    day: String,
    seen: { type: [Number], default: [] },
    maxDecile: { type: Number, default: 0 },
    countedDecile: { type: Number, default: 0 },
  },
  { collection: 'insights_plays', versionKey: false },
);

/** A day of one title (`itemId`) or of every title together (`*`). */
export type EngagementBucketDoc = {
  _id: string;
  day: string;
  itemId: string;
  plays: number;
  viewers: number;
  newViewers: number;
  watchSeconds: number;
  favorites: number;
  reach: Record<string, number>;
};
export const EngagementBucketSchema = new Schema<EngagementBucketDoc>(
  {
    _id: String,
    day: { type: String, required: true },
    itemId: { type: String, required: true },
    plays: { type: Number, default: 0 },
    viewers: { type: Number, default: 0 },
    newViewers: { type: Number, default: 0 },
    watchSeconds: { type: Number, default: 0 },
    favorites: { type: Number, default: 0 },
    reach: { type: Schema.Types.Mixed, default: {} },
  },
  { collection: 'insights_engagement', versionKey: false, minimize: false },
);
EngagementBucketSchema.index({ itemId: 1, day: 1 });
EngagementBucketSchema.index({ day: 1 });

/** A natural key whose counter was incremented (a viewer's day, a favorite, a payment, a QoE batch…). */
export type OnceDoc = { _id: string };
export const OnceSchema = new Schema<OnceDoc>(
  { _id: String },
  { collection: 'insights_once', versionKey: false },
);

/** A viewer's first and latest play days: new vs returning, and distinct viewers of a range ending today. */
export type ViewerDoc = { _id: string; firstDay: string; lastDay: string };
export const ViewerSchema = new Schema<ViewerDoc>(
  { _id: String, firstDay: { type: String, required: true }, lastDay: { type: String, required: true } },
  { collection: 'insights_viewers', versionKey: false },
);
ViewerSchema.index({ lastDay: 1 });

export type RevenueBucketDoc = {
  _id: string;
  grossPaise: number;
  gstPaise: number;
  subscriptionPaise: number;
  purchasePaise: number;
  rentalPaise: number;
  refundPaise: number;
  refundGstPaise: number;
  newSubscriptions: number;
  renewals: number;
  churned: number;
  trialsStarted: number;
  trialConversions: number;
};
const counter = { type: Number, default: 0 };
export const RevenueBucketSchema = new Schema<RevenueBucketDoc>(
  {
    _id: String,
    grossPaise: counter,
    gstPaise: counter,
    subscriptionPaise: counter,
    purchasePaise: counter,
    rentalPaise: counter,
    refundPaise: counter,
    refundGstPaise: counter,
    newSubscriptions: counter,
    renewals: counter,
    churned: counter,
    trialsStarted: counter,
    trialConversions: counter,
  },
  { collection: 'insights_revenue', versionKey: false },
);

/** An account's first subscription charge: later ones are renewals. */
export type SubscriberDoc = { _id: string; firstAt: Date };
export const SubscriberSchema = new Schema<SubscriberDoc>(
  { _id: String, firstAt: { type: Date, required: true } },
  { collection: 'insights_subscribers', versionKey: false },
);

/**
 * A subscription's latest state (the event that occurred last wins) and, when its first period was paid upfront (a
 * promo code's, issue 27), that period's end (from the capture, whatever order the events come in).
 */
export type SubscriptionDoc = {
  _id: string;
  userId: string;
  planId: string;
  status: string;
  at: Date;
  paidUntil?: Date | null;
};
export const SubscriptionStateSchema = new Schema<SubscriptionDoc>(
  {
    _id: String,
    userId: String,
    planId: String,
    status: String,
    at: { type: Date, required: true },
    paidUntil: Date,
  },
  { collection: 'insights_subscriptions', versionKey: false },
);
SubscriptionStateSchema.index({ status: 1 });

/** A plan's latest charge (what a subscriber of it pays per period). */
export type PlanChargeDoc = { _id: string; amountPaise: number; at: Date };
export const PlanChargeSchema = new Schema<PlanChargeDoc>(
  { _id: String, amountPaise: Number, at: { type: Date, required: true } },
  { collection: 'insights_plan_charges', versionKey: false },
);

/** A QoE bucket's sums: reports (samples), the start-up histogram (`startup.<i>`), rebuffering, switches, errors. */
export type QoeCounters = {
  reports: number;
  startup: Record<string, number>;
  rebufferCount: number;
  rebufferMs: number;
  playedMs: number;
  bitrateSwitches: number;
  fatalErrors: number;
};
const qoeCounters = {
  reports: counter,
  startup: { type: Schema.Types.Mixed, default: {} },
  rebufferCount: counter,
  rebufferMs: counter,
  playedMs: counter,
  bitrateSwitches: counter,
  fatalErrors: counter,
};

/** A day of one title (`itemId`) or of every title together (`*`). */
export type QoeBucketDoc = QoeCounters & { _id: string; day: string; itemId: string };
export const QoeBucketSchema = new Schema<QoeBucketDoc>(
  {
    _id: String,
    day: { type: String, required: true },
    itemId: { type: String, required: true },
    ...qoeCounters,
  },
  { collection: 'insights_qoe', versionKey: false, minimize: false },
);
QoeBucketSchema.index({ day: 1 });

/** What QoE is broken down by besides the title: the browser family and the rendition played. */
export type QoeDimension = 'browser' | 'rendition';
/** A day of one browser family or one rendition, every title together (`_id`: `day|dimension|value`). */
export type QoeDimensionBucketDoc = QoeCounters & {
  _id: string;
  day: string;
  dimension: QoeDimension;
  value: string;
};
export const QoeDimensionBucketSchema = new Schema<QoeDimensionBucketDoc>(
  {
    _id: String,
    day: { type: String, required: true },
    dimension: { type: String, required: true },
    value: { type: String, required: true },
    ...qoeCounters,
  },
  { collection: 'insights_qoe_dimensions', versionKey: false, minimize: false },
);
QoeDimensionBucketSchema.index({ dimension: 1, day: 1 });

export const InsightsModels = {
  play: 'InsightsPlay',
  engagement: 'InsightsEngagement',
  once: 'InsightsOnce',
  viewer: 'InsightsViewer',
  revenue: 'InsightsRevenue',
  subscriber: 'InsightsSubscriber',
  subscription: 'InsightsSubscription',
  planCharge: 'InsightsPlanCharge',
  qoe: 'InsightsQoe',
  qoeDimension: 'InsightsQoeDimension',
} as const;

export const insightsModelDefinitions = [
  { name: InsightsModels.play, schema: PlaySchema },
  { name: InsightsModels.engagement, schema: EngagementBucketSchema },
  { name: InsightsModels.once, schema: OnceSchema },
  { name: InsightsModels.viewer, schema: ViewerSchema },
  { name: InsightsModels.revenue, schema: RevenueBucketSchema },
  { name: InsightsModels.subscriber, schema: SubscriberSchema },
  { name: InsightsModels.subscription, schema: SubscriptionStateSchema },
  { name: InsightsModels.planCharge, schema: PlanChargeSchema },
  { name: InsightsModels.qoe, schema: QoeBucketSchema },
  { name: InsightsModels.qoeDimension, schema: QoeDimensionBucketSchema },
];
