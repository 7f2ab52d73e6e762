import { z } from 'zod';
import { objectId } from './common';
import { MovieAccess } from './movies';
import { NoPayloadSchema, query, rpc } from './rpc';
import {
  RECOMMENDATION_DEFAULT_LIMIT,
  RECOMMENDATION_MAX_LIMIT,
  RecommendationReason,
  RecommendationSource,
} from './recommendations-rules';

export * from './recommendations-rules';

// Recommendations (issue 12, DECISIONS 12). recommendation-service learns from events (watch.progressed,
// favorite.*, payment.captured, movie.*, user.deleted) and answers from memory; SPEC 7's `POST /recommend
// {user_id}` → items with `movie_id` is served by the gateway at `/api/recommend` with the caller's bearer token.

const UserIdSchema = objectId('must be a user id');
const MovieIdSchema = objectId('Invalid movie ID');
/** JSON bodies and RPC payloads carry a number; a query string carries text. */
const MAX = RECOMMENDATION_MAX_LIMIT;
const limit = z.number().int().min(1).max(MAX).default(RECOMMENDATION_DEFAULT_LIMIT);
const limitQuery = z.coerce.number().int().min(1).max(MAX).default(RECOMMENDATION_DEFAULT_LIMIT);
/** SPEC 2's dashboard genre filter ('All Genres' is no genre). */
const genre = z.string().trim().min(1).max(40).optional();

/** One recommended title: SPEC's `movie_id`, a score, a reason, and what a card needs to show it. */
export const RecommendationItemSchema = z.object({
  movie_id: z.string(),
  /** Higher is better; comparable within one answer only. */
  score: z.number(),
  reason: z.enum(RecommendationReason),
  /** "Because you watched {title}", "More like {title}", "Popular in {genre}", "Trending now". */
  reasonText: z.string(),
  /** The title the reason names (because-you-watched, similar); null otherwise. */
  basedOnMovieId: z.string().nullable(),
  title: z.string(),
  posterUrl: z.string(),
  genre: z.string(),
  rating: z.number().min(0).max(10).nullable(),
  /** Premium titles are recommended with their access shown, never hidden. */
  access: z.enum(MovieAccess),
  releaseYear: z.number().int().nullable(),
  /** A series is one item (issue 13): `movie_id` is then the series' id, and its card links to the series page. */
  kind: z.enum(['movie', 'series']),
});
export type RecommendationItem = z.infer<typeof RecommendationItemSchema>;

export const RecommendationListSchema = z.object({
  items: z.array(RecommendationItemSchema).max(RECOMMENDATION_MAX_LIMIT),
  source: z.enum(RecommendationSource),
});
export type RecommendationList = z.infer<typeof RecommendationListSchema>;

/**
 * `POST /api/recommend` (SPEC 7: body `user_id`). Signed in: `user_id` may be left out (the caller) and must be
 * the caller's own id unless an admin asks. Visitors send no `user_id` and get popular titles (DECISIONS 12).
 */
export const RecommendRequestSchema = z.object({ user_id: UserIdSchema.optional(), limit, genre }).strict();
export type RecommendRequest = z.infer<typeof RecommendRequestSchema>;

/** `GET /api/recommend/trending?genre=&limit=`: the dashboard's and landing page's Trending Now. */
export const TrendingQuerySchema = z.object({ limit: limitQuery, genre }).strict();
export type TrendingQuery = z.infer<typeof TrendingQuerySchema>;

/** `GET /api/movies/{id}/similar?limit=`: "More like this" and `/recommended/{id}`. */
export const SimilarQuerySchema = z.object({ limit: limitQuery }).strict();
export type SimilarQuery = z.infer<typeof SimilarQuerySchema>;

/** What the model was built from and when (the bench and the tests read it; no HTTP route). */
export const RecommenderStatusSchema = z.object({
  /** ISO time of the last full model build; null before the first. */
  builtAt: z.string().nullable(),
  buildMillis: z.number().nonnegative().nullable(),
  items: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
  interactions: z.number().int().nonnegative(),
  /** A build is running now. */
  building: z.boolean(),
});
export type RecommenderStatus = z.infer<typeof RecommenderStatusSchema>;

// ── RPC (gateway → recommendation-service) ───────────────────────────────────────────────────────────────────

export const RecommendationPatterns = {
  recommend: 'reco.recommend',
  trending: 'reco.trending',
  similar: 'reco.similar',
  status: 'reco.status',
  rebuild: 'reco.rebuild',
} as const;

export const RecommendationRpc = {
  /** `userId: null` (a visitor) or a user without history → the cold-start list (`source: popular`). */
  recommend: query(
    RecommendationPatterns.recommend,
    z.object({ userId: UserIdSchema.nullable(), limit, genre }).strict(),
    RecommendationListSchema,
  ),
  trending: query(
    RecommendationPatterns.trending,
    z.object({ limit, genre }).strict(),
    RecommendationListSchema,
  ),
  /** NotFound when the title is not a published item the recommender knows. */
  similar: query(
    RecommendationPatterns.similar,
    z.object({ movieId: MovieIdSchema, limit }).strict(),
    RecommendationListSchema,
  ),
  status: query(RecommendationPatterns.status, NoPayloadSchema, RecommenderStatusSchema),
  /** Starts a full model build now and answers when it is done (tests, the bench, ops). */
  rebuild: rpc(RecommendationPatterns.rebuild, NoPayloadSchema, RecommenderStatusSchema),
};
