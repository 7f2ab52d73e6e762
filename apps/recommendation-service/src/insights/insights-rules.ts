import type { EventPayload, QoeSample } from '@app/contracts';
import {
  GST_PERCENT,
  IST_OFFSET_MINUTES,
  MAX_WATCHED_SECONDS_PER_REPORT,
  profileIdOf,
  QOE_NO_RENDITION,
  TRIAL_DAYS,
} from '@app/contracts';
import type { QoeDimension, SubscriptionDoc } from './insights.schemas';

/** The bucket key of every title together. */
export const ALL_TITLES = '*';
/** Retention points: reach1 … reach10 are the plays that got past 10 %, … 100 % of the runtime. */
export const DECILES = 10;
/** A play that got past 90 % is complete (DECISIONS 10's "finished"). */
export const COMPLETE_DECILE = 9;

/** Upper bounds (ms) of the time-to-first-frame histogram's buckets; the last one holds everything above. */
export const STARTUP_BOUNDS_MS = [
  100, 200, 300, 400, 500, 750, 1_000, 1_500, 2_000, 3_000, 4_000, 5_000, 7_500, 10_000, 15_000, 30_000,
  60_000, 120_000,
] as const;

const DAY_MS = 86_400_000;

/** The IST day (`YYYY-MM-DD`) a moment falls on: insights count India's days. */
export const istDay = (at: Date | string | number): string =>
  new Date(new Date(at).getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);

/** The last `days` IST days, oldest first, today last. */
export const lastDays = (days: number, now = new Date()): string[] =>
  Array.from({ length: days }, (_, i) => istDay(now.getTime() - (days - 1 - i) * DAY_MS));

/** Who watched: a profile of an account (DECISIONS 36). */
export const viewerOf = (event: { userId: string; profileId?: string }): string =>
  `${event.userId}:${profileIdOf(event)}`;

/** The title a play counts for: an episode counts for its series (as the recommender's items). */
export const itemOf = (event: Pick<EventPayload<'watch.progressed'>, 'movieId' | 'episode'>): string =>
  event.episode?.seriesId ?? event.movieId;

/** How far into the runtime a position is, in tenths (0–10); 0 when the runtime is unknown. */
export const decileOf = (positionSeconds: number, durationSeconds: number | null | undefined): number => {
  if (!durationSeconds || durationSeconds <= 0) return 0;
  return Math.max(0, Math.min(DECILES, Math.floor((positionSeconds / durationSeconds) * DECILES + 1e-9)));
};

/** The watch time one report adds (as user-data credits it). */
export const creditedSeconds = (watchedSeconds: number): number =>
  Number.isFinite(watchedSeconds) ? Math.min(Math.max(0, watchedSeconds), MAX_WATCHED_SECONDS_PER_REPORT) : 0;

/** The GST inside a GST-inclusive amount (DECISIONS 39): amount × 18 / 118, to the paisa. */
export const gstOf = (grossPaise: number): number =>
  Math.round((grossPaise * GST_PERCENT) / (100 + GST_PERCENT));

/** The histogram bucket of a time to first frame. */
export const startupBucketOf = (ms: number): number => {
  const index = STARTUP_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? STARTUP_BOUNDS_MS.length - 1 : index;
};

/** One batch's sums, as a QoE bucket's `$inc`. */
export const qoeIncrement = (samples: readonly QoeSample[]): Record<string, number> => {
  const inc: Record<string, number> = {
    reports: samples.length,
    rebufferCount: 0,
    rebufferMs: 0,
    playedMs: 0,
    bitrateSwitches: 0,
    fatalErrors: 0,
  };
  for (const sample of samples) {
    inc.rebufferCount += sample.rebufferCount;
    inc.rebufferMs += sample.rebufferMs;
    inc.playedMs += sample.playedMs;
    inc.bitrateSwitches += sample.bitrateSwitches;
    inc.fatalErrors += sample.fatalErrors;
    if (sample.timeToFirstFrameMs !== null) {
      const key = `startup.${startupBucketOf(sample.timeToFirstFrameMs)}`;
      inc[key] = (inc[key] ?? 0) + 1;
    }
  }
  return inc;
};

export type QoeDimensionIncrement = { dimension: QoeDimension; value: string; inc: Record<string, number> };

/**
 * One batch's increments of the browser and rendition buckets: the whole batch for its browser family (Other when
 * an event from before the breakdown has none), each sample for the rendition it played (`unknown` without one).
 */
export const qoeBreakdown = (
  report: Pick<EventPayload<'qoe.reported'>, 'browser' | 'samples'>,
): QoeDimensionIncrement[] => {
  const byRendition = new Map<string, QoeSample[]>();
  for (const sample of report.samples) {
    const key = sample.rendition ?? QOE_NO_RENDITION;
    byRendition.set(key, [...(byRendition.get(key) ?? []), sample]);
  }
  return [
    { dimension: 'browser', value: report.browser ?? 'Other', inc: qoeIncrement(report.samples) },
    ...[...byRendition].map(([value, samples]) => ({
      dimension: 'rendition' as const,
      value,
      inc: qoeIncrement(samples),
    })),
  ];
};

/**
 * The `p`-th percentile (0–1) of a histogram of STARTUP_BOUNDS_MS buckets, interpolated linearly inside its bucket;
 * null when it is empty.
 */
export const percentileOf = (counts: readonly number[], p: number): number | null => {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = p * total;
  let below = 0;
  for (const [i, n] of counts.entries()) {
    if (n > 0 && below + n >= rank) {
      const low = i === 0 ? 0 : STARTUP_BOUNDS_MS[i - 1];
      const high = STARTUP_BOUNDS_MS[i];
      return Math.round(low + ((rank - below) / n) * (high - low));
    }
    below += n;
  }
  return STARTUP_BOUNDS_MS[STARTUP_BOUNDS_MS.length - 1];
};

/** Subscription states that end it: its viewer churned. */
export const CHURN_STATUSES: ReadonlySet<string> = new Set(['cancelled', 'halted', 'completed']);

/** Razorpay's status while an upfront first period runs: its capture is the authentication payment. */
export const PREPAID_STATUS = 'authenticated';

/**
 * A subscription that counts as live (active subscriptions, MRR): Razorpay's `active` (charged for the current
 * period), or `authenticated` with its first period paid upfront (a promo code's, issue 27: `start_at` is that
 * period's end). A free trial is `authenticated` too, but unpaid: it counts once its first charge makes it active.
 * `ACTIVE_SUBSCRIPTION` is the same rule as the filter the repository counts with.
 */
export const isActiveSubscription = ({ status, paidUntil }: Pick<SubscriptionDoc, 'status' | 'paidUntil'>) =>
  status === 'active' || (status === PREPAID_STATUS && paidUntil != null);
export const ACTIVE_SUBSCRIPTION = {
  $or: [{ status: 'active' }, { status: PREPAID_STATUS, paidUntil: { $ne: null } }],
};

/**
 * A free trial (issue 27) is counted by its own dates, whatever order its events come in: begun `TRIAL_DAYS`
 * before it ends, and converted on its last day once its subscription is seen active (Razorpay made the first
 * charge; during the trial it is `authenticated`, cancelled in it, it never becomes active).
 */
export const trialStartDay = (trialEndsAt: string): string =>
  istDay(new Date(Date.parse(trialEndsAt) - TRIAL_DAYS * 24 * 3_600_000));
export const isTrialConversion = (status: string): boolean => status === 'active';

/** a / b, or 0 when there is nothing to divide by. */
export const ratio = (a: number, b: number): number => (b > 0 ? Math.min(1, a / b) : 0);
