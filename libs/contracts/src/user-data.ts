import { z } from 'zod';
import { objectId } from './common';
import { ContactMessageExportSchema } from './contact';
import { ReminderExportSchema } from './schedule';
import { pageSchemaOf, PageQuerySchema } from './pagination';
import { query, rpc } from './rpc';
import { HistoryEpisodeSchema, SeriesProgressSchema } from './series';
import { CONTINUE_WATCHING_LIMIT, PlaybackPreference } from './user-data-rules';

export * from './user-data-rules';

// Viewer data (issue 11): favorites (= My List, DECISIONS 29), watch history and Continue Watching (DECISIONS 10),
// analytics (DECISIONS 11), settings (DECISIONS 21) and the viewer's data rights (DECISIONS 32). user-data-service
// owns all of it; the gateway's `/api/users/{id}/…` routes answer only that user or an admin (DECISIONS 16).

const UserIdSchema = objectId('must be a user id');
const MovieIdSchema = objectId('Invalid movie ID');
const isoDate = z.iso.datetime({ offset: true });

// ── Title snapshots ──────────────────────────────────────────────────────────────────────────────────────────

/** What user-data keeps of a title for its lists (refreshed by `movie.updated`). */
export const TitleSnapshotSchema = z.object({
  title: z.string(),
  posterUrl: z.string(),
  genre: z.string(),
  rating: z.number().min(0).max(10).nullable(),
});
export type TitleSnapshot = z.infer<typeof TitleSnapshotSchema>;

// ── Favorites (= My List) ────────────────────────────────────────────────────────────────────────────────────

/** SPEC 3 "Favorite: a movie with _id, title, posterUrl, genre, rating"; `id` is the movie's id. */
/** What a favorite is of: My List holds movies and series (issue 13); absent on a movie's favorite. */
export const FavoriteKindSchema = z.enum(['movie', 'series']);
export type FavoriteKind = z.infer<typeof FavoriteKindSchema>;

export const FavoriteSchema = TitleSnapshotSchema.extend({
  id: z.string(),
  movieId: z.string(),
  addedAt: isoDate,
  /** 'series' for a series (its card opens the series page); absent for a movie. */
  kind: FavoriteKindSchema.optional(),
});
export type Favorite = z.infer<typeof FavoriteSchema>;
export const FavoriteListSchema = z.array(FavoriteSchema);

/** `POST /api/users/{id}/favorites` (SPEC 7: body `movieId`). */
export const AddFavoriteRequestSchema = z.object({ movieId: MovieIdSchema }).strict();
export type AddFavoriteRequest = z.infer<typeof AddFavoriteRequestSchema>;

// ── Watch history and Continue Watching ──────────────────────────────────────────────────────────────────────

/** SPEC 3 "Watch-history item: _id, title, posterUrl, watchedAt, watchTime (seconds), genre", plus progress. */
export const HistoryItemSchema = TitleSnapshotSchema.extend({
  /** The history record's id: `DELETE /api/users/{id}/watch-history/{itemId}`. */
  id: z.string(),
  movieId: z.string(),
  /** When it was last watched. */
  watchedAt: isoDate,
  /** Seconds actually played, summed over every report. */
  watchTime: z.number().nonnegative(),
  positionSeconds: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative().nullable(),
  progressPercent: z.number().min(0).max(100).nullable(),
  finished: z.boolean(),
  /** Set for an episode (issue 13): `movieId` is the episode's id; title, poster and genre are the series'. */
  episode: HistoryEpisodeSchema.nullable().optional(),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;
export const HistoryPageSchema = pageSchemaOf(HistoryItemSchema);
export type HistoryPage = z.infer<typeof HistoryPageSchema>;
export const HistoryQuerySchema = PageQuerySchema;

export const ContinueWatchingItemSchema = TitleSnapshotSchema.extend({
  movieId: z.string(),
  positionSeconds: z.number().nonnegative(),
  durationSeconds: z.number().positive(),
  progressPercent: z.number().min(0).max(100),
  lastWatchedAt: isoDate,
  /**
   * Set for a series (issue 13), which the row shows once, at the episode to watch next: `movieId` is that
   * episode's id (the one last watched, or the next one when it was finished, at 0 %); title, poster and genre
   * are the series'.
   */
  episode: HistoryEpisodeSchema.nullable().optional(),
});
export type ContinueWatchingItem = z.infer<typeof ContinueWatchingItemSchema>;
export const ContinueWatchingListSchema = z.array(ContinueWatchingItemSchema).max(CONTINUE_WATCHING_LIMIT);

// ── Analytics (DECISIONS 11) ─────────────────────────────────────────────────────────────────────────────────

export const ViewerAnalyticsSchema = z.object({
  /** Watch time by the title's genre, largest first. Empty with no history. */
  byGenre: z.array(z.object({ genre: z.string(), seconds: z.number().nonnegative() })),
  /** The last ACTIVITY_MONTHS calendar months (UTC), oldest first: `month` is `YYYY-MM`. */
  monthly: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), hours: z.number().nonnegative() })),
  totalSeconds: z.number().nonnegative(),
});
export type ViewerAnalytics = z.infer<typeof ViewerAnalyticsSchema>;

// ── Settings (DECISIONS 21) ──────────────────────────────────────────────────────────────────────────────────

export const PlaybackPreferenceSchema = z.enum(PlaybackPreference);

export const ViewerSettingsSchema = z
  .object({
    notifications: z.object({ newReleases: z.boolean(), recommendations: z.boolean() }).strict(),
    playback: PlaybackPreferenceSchema,
  })
  .strict();
export type ViewerSettings = z.infer<typeof ViewerSettingsSchema>;
// ── Data rights (DECISIONS 32) ───────────────────────────────────────────────────────────────────────────────

/** What user-data-service holds of one viewer, for "Download my data". */
export const UserDataExportSchema = z.object({
  history: z.array(HistoryItemSchema.extend({ hidden: z.boolean() })),
  favorites: FavoriteListSchema,
  settings: ViewerSettingsSchema,
  /** Contact-form messages sent from the account's email, when that email is verified (DECISIONS 32, 33). */
  contactMessages: z.array(ContactMessageExportSchema),
  /** Every profile's "Remind me" asks (issue 28). */
  reminders: z.array(ReminderExportSchema),
});
export type UserDataExport = z.infer<typeof UserDataExportSchema>;

/**
 * `POST /api/users/{id}/delete-account`: the password confirms it; an account without one (Google only) needs a
 * session signed in within the last FRESH_SIGN_IN_MINUTES instead.
 */
export const DeleteAccountRequestSchema = z
  .object({ password: z.string().min(1).max(128).optional() })
  .strict();
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

// ── Paths ────────────────────────────────────────────────────────────────────────────────────────────────────

/** `/api/users/{id}/favorites/{movieId}`, `/api/users/{id}/continue-watching/{movieId}`. */
export const UserMovieParamsSchema = z.object({ id: UserIdSchema, movieId: MovieIdSchema }).strict();
export type UserMovieParams = z.infer<typeof UserMovieParamsSchema>;
/** `/api/users/{id}/series/{seriesId}/progress`. */
export const UserSeriesParamsSchema = z
  .object({ id: UserIdSchema, seriesId: objectId('Invalid series ID') })
  .strict();
export type UserSeriesParams = z.infer<typeof UserSeriesParamsSchema>;
/** `/api/users/{id}/watch-history/{itemId}`. */
export const UserHistoryItemParamsSchema = z
  .object({ id: UserIdSchema, itemId: objectId('must be a history item id') })
  .strict();
export type UserHistoryItemParams = z.infer<typeof UserHistoryItemParamsSchema>;

// ── RPC (gateway → user-data-service) ────────────────────────────────────────────────────────────────────────

export const UserDataPatterns = {
  listFavorites: 'userdata.favorites.list',
  addFavorite: 'userdata.favorites.add',
  removeFavorite: 'userdata.favorites.remove',
  listHistory: 'userdata.history.list',
  removeHistory: 'userdata.history.remove',
  continueWatching: 'userdata.history.continue-watching',
  hideFromRow: 'userdata.history.hide',
  analytics: 'userdata.analytics.get',
  getSettings: 'userdata.settings.get',
  saveSettings: 'userdata.settings.save',
  exportData: 'userdata.export',
  seriesProgress: 'userdata.history.series-progress',
} as const;

const ofUser = z.object({ userId: UserIdSchema }).strict();
const ofUserAndMovie = z.object({ userId: UserIdSchema, movieId: MovieIdSchema }).strict();
const done = z.object({ removed: z.boolean() });

export const UserDataRpc = {
  listFavorites: query(UserDataPatterns.listFavorites, ofUser, FavoriteListSchema),
  /** Idempotent: adding a favorite twice answers the one already there. The gateway passes the catalogue's snapshot. */
  addFavorite: rpc(
    UserDataPatterns.addFavorite,
    ofUserAndMovie.extend({ snapshot: TitleSnapshotSchema, kind: FavoriteKindSchema.optional() }).strict(),
    FavoriteSchema,
  ),
  /** Idempotent: `removed: false` when it was not a favorite. */
  removeFavorite: rpc(UserDataPatterns.removeFavorite, ofUserAndMovie, done),
  listHistory: query(
    UserDataPatterns.listHistory,
    ofUser.extend(PageQuerySchema.shape).strict(),
    HistoryPageSchema,
  ),
  /** Fails NotFound when the item is not this user's. */
  removeHistory: rpc(
    UserDataPatterns.removeHistory,
    z.object({ userId: UserIdSchema, itemId: objectId('must be a history item id') }).strict(),
    done,
  ),
  continueWatching: query(UserDataPatterns.continueWatching, ofUser, ContinueWatchingListSchema),
  /** "Remove from row": hidden until the next playback of the title; the position stays. */
  hideFromRow: rpc(UserDataPatterns.hideFromRow, ofUserAndMovie, z.object({ hidden: z.boolean() })),
  analytics: query(UserDataPatterns.analytics, ofUser, ViewerAnalyticsSchema),
  getSettings: query(UserDataPatterns.getSettings, ofUser, ViewerSettingsSchema),
  saveSettings: rpc(
    UserDataPatterns.saveSettings,
    ofUser.extend({ settings: ViewerSettingsSchema }).strict(),
    ViewerSettingsSchema,
  ),
  /** `verifiedEmail`: the account's email when verified (the gateway's session knows); its contact messages are included. */
  exportData: query(
    UserDataPatterns.exportData,
    ofUser.extend({ verifiedEmail: z.string().max(254).optional() }).strict(),
    UserDataExportSchema,
  ),
  /** The viewer's progress in each episode of one series they started (the series page's bars and button). */
  seriesProgress: query(
    UserDataPatterns.seriesProgress,
    z.object({ userId: UserIdSchema, seriesId: objectId('Invalid series ID') }).strict(),
    SeriesProgressSchema,
  ),
} as const;

// ── The data export file (gateway assembles it from each owner) ──────────────────────────────────────────────

/** `GET /api/users/{id}/export`: the JSON file "Download my data" saves. Parts come from the service owning them. */
export const DataExportFileSchema = z.object({
  exportedAt: isoDate,
  profile: z.record(z.string(), z.unknown()),
  viewerData: UserDataExportSchema,
  payments: z.record(z.string(), z.unknown()),
});
export type DataExportFile = z.infer<typeof DataExportFileSchema>;

// ── user-data-service: where a viewer stopped (the watch.progressed consumer's record) ────────────────────────

export const ResumePointSchema = z.object({
  movieId: z.string(),
  positionSeconds: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative().nullable(),
  lastWatchedAt: isoDate,
});
export type ResumePoint = z.infer<typeof ResumePointSchema>;

export const HistoryPatterns = { resumePoint: 'userdata.history.resume-point' } as const;
export const HistoryRpc = {
  resumePoint: query(
    HistoryPatterns.resumePoint,
    z.object({ userId: UserIdSchema, movieId: MovieIdSchema }).strict(),
    ResumePointSchema.nullable(),
  ),
} as const;
