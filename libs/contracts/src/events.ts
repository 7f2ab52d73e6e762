import { z } from 'zod';
import { AuditRecordedSchema } from './audit';
import { Classification } from './classification';
import { QoeBrowserSchema, QoeReportedSampleSchema } from './qoe-sample';
import { UiLanguage } from './profiles';

/**
 * Every event on the bus travels in this envelope; `id` makes handlers idempotent. `correlationId` is the id of
 * the request that caused the event, when there was one (consumers log with it).
 */
export type EventEnvelope<T = unknown> = {
  id: string;
  type: string;
  occurredAt: string;
  payload: T;
  correlationId?: string;
};

/**
 * What other services keep of a title (user-data's list snapshots, the recommender's item catalogue), carried by
 * `movie.published` and `movie.updated`. Optional so events recorded before it existed still parse.
 */
const TitleCardFields = {
  posterUrl: z.string().optional(),
  rating: z.number().min(0).max(10).nullable().optional(),
  access: z.enum(['free', 'premium']).optional(),
  director: z.string().nullable().optional(),
  cast: z.array(z.string()).optional(),
  releaseYear: z.number().int().nullable().optional(),
  /**
   * The title's class (issue 25, DECISIONS 37): consumers keep it so a profile's ceiling filters their lists. Absent
   * on events from before classification: such a title counts as unrated (UNRATED_CLASSIFICATION) until its next one.
   */
  classification: z.enum(Classification).optional(),
  /** Issue 28: the licence end (ISO), after which no list offers the title; null or absent: none. */
  availableUntil: z.string().nullable().optional(),
};

/**
 * Whose viewer data an event is about (DECISIONS 36): the profile, beside its account's `userId`. Absent on events
 * from before profiles (and on a producer that does not know one yet): the account's default profile, whose id is
 * the account's (`profileIdOf`).
 */
const ProfileField = { profileId: z.string().optional() };

/** Which episode a stream, a progress report or a history record is of (issue 13). */
export const EpisodeRefSchema = z.object({
  seriesId: z.string(),
  seasonNumber: z.number().int(),
  episodeNumber: z.number().int(),
});
export type EpisodeRef = z.infer<typeof EpisodeRefSchema>;

export const MoviePublishedSchema = z.object({
  movieId: z.string(),
  title: z.string(),
  genre: z.string(),
  publishDate: z.string(),
  ...TitleCardFields,
  /** Set by the catalogue seed only: demo content, which streaming-service maps to generated sample films. */
  demo: z.boolean().optional(),
});

export const UserRegisteredSchema = z.object({ userId: z.string(), username: z.string(), email: z.string() });
export const UserUpdatedSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  /** Issue 26: the account's language (mails are written in it); absent from events stored before it existed. */
  language: z.enum(UiLanguage).optional(),
});
/**
 * Other services drop what they hold for this user (history, favorites, entitlements). `verifiedEmail` is the
 * account's email when its ownership was proved (DECISIONS 33): user-data erases the contact messages sent from it.
 */
export const UserDeletedSchema = z.object({ userId: z.string(), verifiedEmail: z.string().optional() });
/**
 * Sessions ended (DECISIONS 35): a sign-out ends one (`sessionId`); a password change or reset, a ban, a deletion and
 * the Google take-over of an unverified account (DECISIONS 33) end every one of the user's (`sessionId: null`).
 * streaming-service ends the leases (and so the stream links) those sessions held.
 */
/** A profile was deleted (DECISIONS 36): services erase what they keep for it (history, My List, settings…). */
export const ProfileDeletedSchema = z.object({ userId: z.string(), profileId: z.string() });
export const SessionRevokedSchema = z.object({ userId: z.string(), sessionId: z.string().nullable() });

export const MovieUpdatedSchema = z.object({
  movieId: z.string(),
  title: z.string(),
  genre: z.string(),
  status: z.string(),
  ...TitleCardFields,
});

export const MovieDeletedSchema = z.object({ movieId: z.string() });

const grantKind = z.enum(['subscription', 'purchase', 'rental']);

/** A payment Razorpay captured (a purchase, a rental, or a subscription's charge): a strong taste signal. */
export const PaymentCapturedSchema = z.object({
  paymentId: z.string(),
  userId: z.string(),
  kind: grantKind,
  movieId: z.string().nullable(),
  planId: z.string().nullable(),
  amountPaise: z.number().int(),
  /** Issue 27: the list price when a promo code took money off (`amountPaise` is what was paid). */
  listPricePaise: z.number().int().optional(),
  /**
   * Issue 27: on a promo code's upfront capture, the subscription whose first period it paid and when that period
   * ends (its `start_at`, the plan's first charge): paid and live though Razorpay says `authenticated` till then.
   * Absent on every other charge (and on events from before it).
   */
  upfront: z.object({ subscriptionId: z.string(), paidUntil: z.string() }).optional(),
});
/** Access was given (`source` is the payment or subscription cycle it came from, so a replay grants once). */
export const EntitlementGrantedSchema = z.object({
  userId: z.string(),
  kind: grantKind,
  movieId: z.string().nullable(),
  planId: z.string().nullable(),
  source: z.string(),
});
/**
 * Why a grant was taken back, where a consumer acts on it: a duplicate plan (a second subscription retired at once,
 * issue 22) leaves the account's other plan in force, so its streams play on.
 */
export const RevokeReason = { Refund: 'refund', DuplicatePlan: 'duplicate' } as const;
/** Access was taken back (a refund, a chargeback). */
export const EntitlementRevokedSchema = EntitlementGrantedSchema.extend({ reason: z.string() });
/** A viewer's plan changed state (subscribed, renewed, cancelled, halted, changed plan). */
export const SubscriptionChangedSchema = z.object({
  userId: z.string(),
  subscriptionId: z.string(),
  planId: z.string(),
  status: z.string(),
  currentEnd: z.string().nullable(),
  /** Issue 27/28: when its free trial ends (its first charge), on a trial's subscription; absent on others. */
  trialEndsAt: z.string().nullable().optional(),
});

/**
 * The player's position (every 10 s, on pause, seek and exit). `reportedAt` orders reports: a consumer never
 * moves a record back to an older report (redelivery, a late beacon).
 */
export const WatchProgressedSchema = z.object({
  userId: z.string(),
  movieId: z.string(),
  positionSeconds: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative().nullable(),
  event: z.enum(['tick', 'pause', 'seek', 'exit']),
  leaseId: z.string(),
  reportedAt: z.string(),
  /** Seconds the player played since its previous report (watch time); consumers cap it per report. */
  watchedSeconds: z.number().nonnegative().default(0),
  /** Set when `movieId` is an episode's id: its series, season and number (the series is the taste signal). */
  episode: EpisodeRefSchema.nullable().optional(),
  ...ProfileField,
});
/** A viewer added a title to their favorites (= My List). */
export const FavoriteAddedSchema = z.object({
  userId: z.string(),
  ...ProfileField,
  movieId: z.string(),
  addedAt: z.string(),
});
export const FavoriteRemovedSchema = z.object({ userId: z.string(), ...ProfileField, movieId: z.string() });
/** A viewer removed a title from their watch history (its position is gone too). */
export const HistoryRemovedSchema = z.object({ userId: z.string(), ...ProfileField, movieId: z.string() });
/** A title's media is playable (streaming-service finished its transcode, or mapped it to sample media). */
export const MediaReadySchema = z.object({
  movieId: z.string(),
  durationSeconds: z.number().nonnegative().nullable(),
  /** The languages of its audio and subtitle renditions (issue 26); absent from events sent before. */
  audioLanguages: z.array(z.string()).optional(),
  subtitleLanguages: z.array(z.string()).optional(),
});

/**
 * A series was published (issue 13): consumers keep it as one title (user-data's snapshots, the recommender's
 * item). Its episodes follow as `episode.published`, one each.
 */
export const SeriesPublishedSchema = z.object({
  seriesId: z.string(),
  title: z.string(),
  genre: z.string(),
  publishDate: z.string(),
  ...TitleCardFields,
  demo: z.boolean().optional(),
});
export const SeriesUpdatedSchema = z.object({
  seriesId: z.string(),
  title: z.string(),
  genre: z.string(),
  status: z.string(),
  ...TitleCardFields,
});
/** The series and every episode in it are gone (each episode also gets `episode.deleted`). */
export const SeriesDeletedSchema = z.object({ seriesId: z.string() });
/**
 * An episode of a published series is playable content: sent for every episode when the series is published,
 * and when an episode is added to or changed in a published series (consumers upsert by `episodeId`).
 * `demo` episodes are mapped to generated sample media by streaming-service.
 */
export const EpisodePublishedSchema = z.object({
  episodeId: z.string(),
  seriesId: z.string(),
  seasonNumber: z.number().int(),
  episodeNumber: z.number().int(),
  title: z.string(),
  runtimeMinutes: z.number().int().positive().nullable(),
  demo: z.boolean().optional(),
});
export const EpisodeDeletedSchema = z.object({ episodeId: z.string(), seriesId: z.string() });

/** A playback began (streaming-service took a lease, issue 28): one play; `leaseId` is its natural key. */
export const PlaybackStartedSchema = z.object({
  leaseId: z.string(),
  userId: z.string(),
  ...ProfileField,
  movieId: z.string(),
  episode: EpisodeRefSchema.nullable().optional(),
  durationSeconds: z.number().nonnegative().nullable(),
  startedAt: z.string(),
});
/** A player's QoE batch, accepted for its own lease (issue 28); `reportId` is its natural key. */
export const QoeReportedSchema = z.object({
  reportId: z.string(),
  leaseId: z.string(),
  userId: z.string(),
  movieId: z.string(),
  episode: EpisodeRefSchema.nullable().optional(),
  reportedAt: z.string(),
  /** The browser family of the request that brought it; absent from batches announced before (counted as Other). */
  browser: QoeBrowserSchema.optional(),
  samples: z.array(QoeReportedSampleSchema),
});
/** Razorpay processed a payment's refund, in full (issue 28: revenue insights). */
export const PaymentRefundedSchema = z.object({
  paymentId: z.string(),
  userId: z.string(),
  kind: grantKind,
  movieId: z.string().nullable(),
  planId: z.string().nullable(),
  amountPaise: z.number().int(),
});

/** The event catalogue: type name → payload schema. */
export const Events = {
  'movie.published': MoviePublishedSchema,
  'movie.updated': MovieUpdatedSchema,
  'movie.deleted': MovieDeletedSchema,
  'series.published': SeriesPublishedSchema,
  'series.updated': SeriesUpdatedSchema,
  'series.deleted': SeriesDeletedSchema,
  'episode.published': EpisodePublishedSchema,
  'episode.deleted': EpisodeDeletedSchema,
  'user.registered': UserRegisteredSchema,
  'user.updated': UserUpdatedSchema,
  'user.deleted': UserDeletedSchema,
  'session.revoked': SessionRevokedSchema,
  'profile.deleted': ProfileDeletedSchema,
  'payment.captured': PaymentCapturedSchema,
  'entitlement.granted': EntitlementGrantedSchema,
  'entitlement.revoked': EntitlementRevokedSchema,
  'subscription.changed': SubscriptionChangedSchema,
  'watch.progressed': WatchProgressedSchema,
  'media.ready': MediaReadySchema,
  'favorite.added': FavoriteAddedSchema,
  'favorite.removed': FavoriteRemovedSchema,
  'history.removed': HistoryRemovedSchema,
  'audit.recorded': AuditRecordedSchema,
  'playback.started': PlaybackStartedSchema,
  'qoe.reported': QoeReportedSchema,
  'payment.refunded': PaymentRefundedSchema,
} as const;
export type EventType = keyof typeof Events;
export type EventPayload<T extends EventType> = z.infer<(typeof Events)[T]>;

/** Redis stream holding all domain events. */
export const EVENT_STREAM = 'events';
