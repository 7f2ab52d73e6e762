import { z } from 'zod';
import { ScheduleInputFields } from './schedule';
import { IdempotencyKeySchema, objectId } from './common';
import {
  AdminMoviesQuerySchema,
  ListMoviesQuerySchema,
  namesInput,
  TitleCardSchema,
  TitleInputSchema,
} from './movies';
import { pageSchemaOf } from './pagination';
import { TitleFactsSchema } from './payments';
import { EpisodeRefSchema } from './events';
import { query, rpc } from './rpc';
import { MAX_EPISODE_NUMBER, MAX_INTRO_SECONDS, MAX_SEASON_NUMBER, SeriesMessages } from './series-rules';

export * from './series-rules';

// TV shows (issue 13). catalogue-service owns series, their seasons (inside the series) and episodes (a collection
// of their own, unique per series + season + number). Visibility follows the series: a draft series and all its
// episodes are seen by admins only. Playback, entitlements, history and recommendations use the ids below:
// an episode's id is its playable id (streams, leases, resume points); a series' id is its item id (access,
// My List, recommendations).

const SeriesIdSchema = objectId('Invalid series ID');
const EpisodeIdSchema = objectId('Invalid episode ID');
const isoDate = z.iso.datetime({ offset: true });
const seasonNumber = z.number().int().min(1).max(MAX_SEASON_NUMBER);
const episodeNumber = z.number().int().min(1).max(MAX_EPISODE_NUMBER);

// ── What the catalogue answers ───────────────────────────────────────────────────────────────────────────────

/** Where the intro starts and ends, in seconds from the episode's start ("Skip intro"). */
export const IntroMarkersSchema = z.object({
  startSeconds: z.number().min(0).max(86_400),
  endSeconds: z.number().min(0).max(86_400),
});
export type IntroMarkers = z.infer<typeof IntroMarkersSchema>;

export const SeriesSchema = TitleCardSchema.extend({
  firstAirDate: z.string().nullable(),
  creators: z.array(z.string()),
  /** Seeded demo content (the admin labels it; its episodes play generated sample media). */
  demo: z.boolean(),
  seasonCount: z.number().int().nonnegative(),
  episodeCount: z.number().int().nonnegative(),
});
export type Series = z.infer<typeof SeriesSchema>;

export const EpisodeSchema = z.object({
  id: z.string(),
  seriesId: z.string(),
  seasonNumber: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  overview: z.string(),
  runtimeMinutes: z.number().int().positive().nullable(),
  airDate: z.string().nullable(),
  /** A still from the episode; null shows the series' poster. */
  stillUrl: z.string().nullable(),
  intro: IntroMarkersSchema.nullable(),
  /** Playable media exists (`media.ready`). */
  mediaReady: z.boolean(),
  /**
   * How long the media that plays runs, in seconds, once known (`media.ready`): what the episode list shows, since a
   * demo episode's listed runtime is made up and it plays a short sample film (issue 24).
   */
  mediaSeconds: z.number().nonnegative().nullable(),
  /** Issue 28: a scheduled episode's release (admins only see one); null once released. */
  publishAt: z.string().nullable().optional(),
  /** Its media's audio and subtitle languages (issue 26); optional so older fixtures stay valid. */
  audioLanguages: z.array(z.string()).optional(),
  subtitleLanguages: z.array(z.string()).optional(),
});
export type Episode = z.infer<typeof EpisodeSchema>;

export const SeasonSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  overview: z.string(),
  airDate: z.string().nullable(),
  /** In play order. */
  episodes: z.array(EpisodeSchema),
});
export type Season = z.infer<typeof SeasonSchema>;

/** `GET /api/series/{id}`: the series with its seasons in order, each with its episodes in order. */
export const SeriesDetailSchema = SeriesSchema.extend({ seasons: z.array(SeasonSchema) });
export type SeriesDetail = z.infer<typeof SeriesDetailSchema>;

/** `GET /api/episodes/{id}`: what the player needs around an episode. `next` is null after the last episode. */
export const EpisodeContextSchema = z.object({
  episode: EpisodeSchema,
  series: SeriesSchema,
  next: EpisodeSchema.nullable(),
});
export type EpisodeContext = z.infer<typeof EpisodeContextSchema>;

/**
 * What decides access to a playable id: the movie itself, or for an episode its series (`facts.kind: 'series'`,
 * `facts.movieId` the series' id). `episode` is set for an episode, null otherwise. `title` is what the screens
 * list ("Series · S1:E2 · Episode"); `posterUrl`, `genre` and `rating` are the title's (an episode's, its series'),
 * so a movie's or series' answer is also the snapshot My List keeps of it. `classification` is the title's (an
 * episode's, its series'): what streaming-service checks the viewer's ceiling against (issue 25).
 */
export const PlayableSchema = TitleCardSchema.pick({
  posterUrl: true,
  genre: true,
  rating: true,
  classification: true,
  descriptors: true,
}).extend({
  id: z.string(),
  title: z.string(),
  facts: TitleFactsSchema,
  episode: EpisodeRefSchema.nullable(),
});
export type Playable = z.infer<typeof PlayableSchema>;

// ── Queries and admin input ──────────────────────────────────────────────────────────────────────────────────

/** `GET /api/series`: the movie list's query without `category` (the /category pages list movies). */
export const ListSeriesQuerySchema = ListMoviesQuerySchema.omit({ category: true });
export type ListSeriesQuery = z.infer<typeof ListSeriesQuerySchema>;

/** `GET /api/admin/series`: the admin movie list's filters. */
export const AdminSeriesQuerySchema = AdminMoviesQuerySchema;
export type AdminSeriesQuery = z.infer<typeof AdminSeriesQuerySchema>;

/** The admin series form (the movie form's rules where they apply, the Add press's idempotency key too). */
export const SeriesInputSchema = TitleInputSchema.extend({
  firstAirDate: z.iso.date().optional(),
  creators: namesInput(50).optional(),
  idempotencyKey: IdempotencyKeySchema.optional(),
}).strict();
export type SeriesInput = z.infer<typeof SeriesInputSchema>;
export const SeriesUpdateSchema = SeriesInputSchema.omit({ idempotencyKey: true }).partial().strict();
export type SeriesUpdate = z.infer<typeof SeriesUpdateSchema>;

export const SeasonInputSchema = z
  .object({
    number: seasonNumber,
    /** "Season {number}" when left out. */
    title: z.string().trim().min(1).max(200).optional(),
    overview: z.string().trim().max(5000).optional(),
    airDate: z.iso.date().optional(),
  })
  .strict();
export type SeasonInput = z.infer<typeof SeasonInputSchema>;
export const SeasonUpdateSchema = SeasonInputSchema.omit({ number: true }).partial().strict();
export type SeasonUpdate = z.infer<typeof SeasonUpdateSchema>;

const introMarkersInput = IntroMarkersSchema.strict().refine(
  ({ startSeconds, endSeconds }) =>
    endSeconds > startSeconds && endSeconds - startSeconds <= MAX_INTRO_SECONDS,
  SeriesMessages.introOrder,
);

export const EpisodeInputSchema = z
  .object({
    number: episodeNumber,
    title: z.string().trim().min(1).max(200),
    overview: z.string().trim().max(5000).optional(),
    runtimeMinutes: z.number().int().positive().max(600).optional(),
    airDate: z.iso.date().optional(),
    stillUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
    /** null clears the markers. */
    intro: introMarkersInput.nullable().optional(),
    /** Issue 28: released (visible, announced) then; null releases a scheduled episode now. */
    publishAt: ScheduleInputFields.publishAt,
  })
  .strict();
export type EpisodeInput = z.infer<typeof EpisodeInputSchema>;
export const EpisodeUpdateSchema = EpisodeInputSchema.partial().strict();
export type EpisodeUpdate = z.infer<typeof EpisodeUpdateSchema>;

/** `{id}` of the series and episode paths, refused with the catalogue's own texts ('Invalid series ID'). */
export const SeriesPathSchema = z.object({ id: SeriesIdSchema }).strict();
export const EpisodePathSchema = z.object({ id: EpisodeIdSchema }).strict();

/** `/api/admin/series/{id}/seasons/{season}` path parameters (text in a path). */
export const SeasonParamsSchema = z
  .object({ id: SeriesIdSchema, season: z.coerce.number().int().min(1).max(MAX_SEASON_NUMBER) })
  .strict();
export type SeasonParams = z.infer<typeof SeasonParamsSchema>;

// ── RPC (gateway → catalogue-service) ────────────────────────────────────────────────────────────────────────

export const SeriesPatterns = {
  list: 'catalogue.series.list',
  genres: 'catalogue.series.genres',
  get: 'catalogue.series.get',
  episode: 'catalogue.series.episode',
  playable: 'catalogue.playables.get',
  adminList: 'catalogue.series.admin-list',
  create: 'catalogue.series.create',
  update: 'catalogue.series.update',
  publish: 'catalogue.series.publish',
  remove: 'catalogue.series.remove',
  addSeason: 'catalogue.series.add-season',
  updateSeason: 'catalogue.series.update-season',
  removeSeason: 'catalogue.series.remove-season',
  addEpisode: 'catalogue.series.add-episode',
  updateEpisode: 'catalogue.series.update-episode',
  removeEpisode: 'catalogue.series.remove-episode',
} as const;

export const SeriesIdPayloadSchema = z.object({ id: SeriesIdSchema }).strict();
/** Reads: drafts (and their episodes) are visible to admins only. */
export const GetSeriesPayloadSchema = z.object({ id: SeriesIdSchema, asAdmin: z.boolean() }).strict();
export const GetEpisodePayloadSchema = z.object({ id: EpisodeIdSchema, asAdmin: z.boolean() }).strict();
/** Any id: a movie, a series or an episode. Published only (an admin may also play drafts). */
export const GetPlayablePayloadSchema = z
  .object({ id: objectId('Invalid title ID'), asAdmin: z.boolean() })
  .strict();

const removed = z.object({ id: z.string() });

export const SeriesRpc = {
  list: query(SeriesPatterns.list, ListSeriesQuerySchema, pageSchemaOf(SeriesSchema)),
  genres: query(SeriesPatterns.genres, z.object({}).strict(), z.array(z.string())),
  /** NotFound (SeriesMessages.notFound) for unknown ids and, unless asAdmin, drafts. */
  get: query(SeriesPatterns.get, GetSeriesPayloadSchema, SeriesDetailSchema),
  episode: query(SeriesPatterns.episode, GetEpisodePayloadSchema, EpisodeContextSchema),
  /** The gateway's one question before an entitlement answer, an order or a playback. */
  playable: query(SeriesPatterns.playable, GetPlayablePayloadSchema, PlayableSchema),
  adminList: query(SeriesPatterns.adminList, AdminSeriesQuerySchema, pageSchemaOf(SeriesSchema)),
  create: rpc(SeriesPatterns.create, SeriesInputSchema, SeriesSchema),
  update: rpc(
    SeriesPatterns.update,
    z.object({ id: SeriesIdSchema, changes: SeriesUpdateSchema }).strict(),
    SeriesSchema,
  ),
  /** Publishes the series and so every episode in it (`series.published` + one `episode.published` each). */
  publish: rpc(SeriesPatterns.publish, SeriesIdPayloadSchema, SeriesSchema),
  /** Removes the series, its seasons and episodes (`series.deleted` + `episode.deleted` each). */
  remove: rpc(SeriesPatterns.remove, SeriesIdPayloadSchema, removed),
  addSeason: rpc(
    SeriesPatterns.addSeason,
    z.object({ seriesId: SeriesIdSchema, season: SeasonInputSchema }).strict(),
    SeriesDetailSchema,
  ),
  updateSeason: rpc(
    SeriesPatterns.updateSeason,
    z.object({ seriesId: SeriesIdSchema, seasonNumber, changes: SeasonUpdateSchema }).strict(),
    SeriesDetailSchema,
  ),
  /** Removes the season and its episodes. */
  removeSeason: rpc(
    SeriesPatterns.removeSeason,
    z.object({ seriesId: SeriesIdSchema, seasonNumber }).strict(),
    SeriesDetailSchema,
  ),
  addEpisode: rpc(
    SeriesPatterns.addEpisode,
    z.object({ seriesId: SeriesIdSchema, seasonNumber, episode: EpisodeInputSchema }).strict(),
    EpisodeSchema,
  ),
  updateEpisode: rpc(
    SeriesPatterns.updateEpisode,
    z.object({ id: EpisodeIdSchema, changes: EpisodeUpdateSchema }).strict(),
    EpisodeSchema,
  ),
  removeEpisode: rpc(SeriesPatterns.removeEpisode, z.object({ id: EpisodeIdSchema }).strict(), removed),
} as const;

/** The HTTP answer of an admin series write: the gateway wraps the reply with a message, as for movies. */
export const SeriesWriteResultSchema = z.object({ data: SeriesSchema, message: z.string().optional() });
export const EpisodeWriteResultSchema = z.object({ data: EpisodeSchema, message: z.string().optional() });
export const SeriesDetailWriteResultSchema = z.object({
  data: SeriesDetailSchema,
  message: z.string().optional(),
});

/** A history record's episode, as user-data lists it (Continue Watching, history, the series page's bars). */
export const HistoryEpisodeSchema = EpisodeRefSchema.extend({ episodeId: z.string(), title: z.string() });
export type HistoryEpisode = z.infer<typeof HistoryEpisodeSchema>;

/** `GET /api/users/{id}/series/{seriesId}/progress`: one entry per episode the viewer has started. */
export const EpisodeProgressSchema = z.object({
  episodeId: z.string(),
  seasonNumber: z.number().int(),
  episodeNumber: z.number().int(),
  positionSeconds: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative().nullable(),
  progressPercent: z.number().min(0).max(100).nullable(),
  finished: z.boolean(),
  lastWatchedAt: isoDate,
});
export type EpisodeProgress = z.infer<typeof EpisodeProgressSchema>;
export const SeriesProgressSchema = z.object({
  seriesId: z.string(),
  episodes: z.array(EpisodeProgressSchema),
});
export type SeriesProgress = z.infer<typeof SeriesProgressSchema>;
