import { z } from 'zod';
import { pageSchemaOf, PageQuerySchema } from './pagination';

/** A user as a log line names them: kept as they were then, so it still reads after they are gone. */
export const UserRefSchema = z.object({ id: z.string().max(64), username: z.string().max(200) });
export type UserRef = z.infer<typeof UserRefSchema>;

/**
 * What an admin did (DECISIONS 34; issue 22, finding 6): to users (auth-service), and to a viewer's data or money or
 * to the catalogue (the other services, through `audit.recorded`).
 */
export const AuditAction = {
  RoleChange: 'role.change',
  StatusChange: 'status.change',
  ProfileChange: 'profile.change',
  Remove: 'user.remove',
  Confirm: 'action.confirm',
  Cancel: 'action.cancel',
  Refund: 'payment.refund',
  FavoritesChange: 'favorites.change',
  HistoryChange: 'history.change',
  SettingsChange: 'settings.change',
  MoviePublish: 'movie.publish',
  MovieDelete: 'movie.delete',
  /** Purchase or rental price, or free/premium access. */
  MoviePriceChange: 'movie.price',
  SeriesPublish: 'series.publish',
  SeriesDelete: 'series.delete',
  /** An episode or a whole season removed (their media go with them). */
  EpisodeDelete: 'episode.delete',
  MediaUpload: 'media.upload',
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];
export const AuditActionSchema = z.enum(AuditAction);

export const AuditOutcome = { Applied: 'applied', Pending: 'pending', Refused: 'refused' } as const;
export type AuditOutcome = (typeof AuditOutcome)[keyof typeof AuditOutcome];

/** Whom or what an action touched: a user (a viewer whose data or money it was), or a title (movie, series, episode). */
export const AuditTargetType = { User: 'user', Title: 'title' } as const;
export type AuditTargetType = (typeof AuditTargetType)[keyof typeof AuditTargetType];

export const AuditTargetSchema = z.object({
  type: z.enum(AuditTargetType),
  id: z.string().max(64),
  /** A user's username or a title's title, as it was then. */
  name: z.string().max(300),
});
export type AuditTarget = z.infer<typeof AuditTargetSchema>;

const summary = z.string().max(1000);

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: UserRefSchema,
  action: AuditActionSchema,
  target: AuditTargetSchema,
  /** What changed, for a person: "admin → user", "active → banned", "demote (asked by root)", "refund ₹1,200". */
  detail: z.string(),
  /** The state before and after, in short ("status active", "₹1,200 captured"); null where there is none. */
  before: z.string().nullable(),
  after: z.string().nullable(),
  outcome: z.enum(AuditOutcome),
  /** The refusal's message. */
  reason: z.string().nullable(),
  /** The pending admin action it created or decided. */
  actionId: z.string().nullable(),
  /** The id of the request that made the change (its log lines in every service carry it). */
  correlationId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/**
 * `GET /api/admin/audit-log?page&pageSize&actor&target&action`: newest first. `actor` matches the admin's id or
 * part of their username, `target` the target's id or part of its name (case-insensitive), `action` one kind.
 */
export const AuditLogQuerySchema = PageQuerySchema.extend({
  actor: z.string().trim().min(1).max(100).optional(),
  target: z.string().trim().min(1).max(100).optional(),
  action: AuditActionSchema.optional(),
}).strict();
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;
export const AuditLogPageSchema = pageSchemaOf(AuditEntrySchema);
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;

/**
 * The `audit.recorded` event: an admin's action in a service other than auth-service, which stores it in the audit
 * log. The actor is the request's (the RPC envelope carries it); the correlation id is the envelope's. No `userId`
 * field on purpose: a viewer's deletion must not stop the log of what admins did to them (consumers skip events
 * whose `userId` is a deleted user's). A user target's name may be left empty: auth-service fills in the username.
 */
export const AuditRecordedSchema = z.object({
  actor: UserRefSchema,
  action: AuditActionSchema,
  target: AuditTargetSchema.extend({ name: z.string().max(300).nullable() }),
  detail: summary,
  before: summary.nullable(),
  after: summary.nullable(),
});
export type AuditRecorded = z.infer<typeof AuditRecordedSchema>;
