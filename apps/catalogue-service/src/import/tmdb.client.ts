import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { fetchJson, InjectEnv } from '@app/server-core';
import type { Env } from '../env';

/** An import is a batch job: a slow answer is waited for longer than a user-facing look-up would be. */
const TIMEOUT_MS = 10_000;

const ListSchema = z.object({
  page: z.number(),
  total_pages: z.number(),
  results: z.array(z.object({ id: z.number() })),
});
const GenresSchema = z.object({ genres: z.array(z.object({ id: z.number(), name: z.string() })) });

/**
 * A film's certifications per country, as `append_to_response=release_dates` adds them to `/movie/{id}`: each
 * country's releases with their certification ("" when none).
 */
const ReleaseDatesSchema = z.object({
  results: z.array(
    z.object({
      iso_3166_1: z.string(),
      release_dates: z.array(z.object({ certification: z.string().nullish() })).default([]),
    }),
  ),
});

/** A show's rating per country, as `append_to_response=content_ratings` adds them to `/tv/{id}`. */
const ContentRatingsSchema = z.object({
  results: z.array(z.object({ iso_3166_1: z.string(), rating: z.string().nullish() })),
});

/** The fields of TMDB's `/movie/{id}` the importer reads. */
export const TmdbMovieSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  overview: z.string().nullish(),
  poster_path: z.string().nullish(),
  release_date: z.string().nullish(),
  vote_average: z.number().nullish(),
  vote_count: z.number().nullish(),
  runtime: z.number().nullish(),
  original_language: z.string().nullish(),
  budget: z.number().nullish(),
  revenue: z.number().nullish(),
  imdb_id: z.string().nullish(),
  genres: z.array(z.object({ id: z.number(), name: z.string() })).default([]),
  release_dates: ReleaseDatesSchema.nullish(),
});
export type TmdbMovieDetail = z.infer<typeof TmdbMovieSchema>;

const ReviewsSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      author: z.string(),
      content: z.string(),
      created_at: z.string(),
      author_details: z.object({ rating: z.number().nullish() }).default({ rating: null }),
    }),
  ),
});
export type TmdbReviewItem = z.infer<typeof ReviewsSchema>['results'][number];

/** The fields of TMDB's `/tv/{id}` the importer reads (its `seasons` are summaries: number, name, date). */
export const TmdbShowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  overview: z.string().nullish(),
  poster_path: z.string().nullish(),
  first_air_date: z.string().nullish(),
  vote_average: z.number().nullish(),
  vote_count: z.number().nullish(),
  original_language: z.string().nullish(),
  genres: z.array(z.object({ id: z.number(), name: z.string() })).default([]),
  created_by: z.array(z.object({ name: z.string() })).default([]),
  content_ratings: ContentRatingsSchema.nullish(),
  seasons: z
    .array(
      z.object({
        season_number: z.number().int(),
        name: z.string().nullish(),
        overview: z.string().nullish(),
        air_date: z.string().nullish(),
      }),
    )
    .default([]),
});
export type TmdbShowDetail = z.infer<typeof TmdbShowSchema>;

/** The fields of TMDB's `/tv/{id}/season/{n}` the importer reads. */
export const TmdbSeasonSchema = z.object({
  season_number: z.number().int(),
  name: z.string().nullish(),
  overview: z.string().nullish(),
  air_date: z.string().nullish(),
  episodes: z
    .array(
      z.object({
        id: z.number().int(),
        episode_number: z.number().int(),
        name: z.string().nullish(),
        overview: z.string().nullish(),
        air_date: z.string().nullish(),
        runtime: z.number().nullish(),
        still_path: z.string().nullish(),
      }),
    )
    .default([]),
});
export type TmdbSeasonDetail = z.infer<typeof TmdbSeasonSchema>;

/** What an import reads: films (`/movie/…`) or shows (`/tv/…`). */
export type TmdbKind = 'movie' | 'tv';

/** The lists an import takes its ids from: films' popular, top rated and trending; shows' popular. */
const LIST_PATHS: Record<TmdbKind, string[]> = {
  movie: ['/movie/popular', '/movie/top_rated', '/trending/movie/day'],
  tv: ['/tv/popular'],
};

/** HTTP client of a TMDB-compatible API (v3, `api_key` query parameter). */
@Injectable()
export class TmdbClient {
  constructor(@InjectEnv() private readonly env: Env) {}

  get configured(): boolean {
    return Boolean(this.env.TMDB_API_KEY);
  }

  /** Absolute poster URL at width 500 (SPEC 9), so cards use it as is. */
  posterUrl(path: string): string {
    return `${this.env.TMDB_IMAGE_BASE_URL.replace(/\/$/, '')}/w500${path}`;
  }

  /** The ids on the first `pages` pages of each of the kind's lists (fewer where a list is shorter), once each. */
  async listedIds(kind: TmdbKind, pages: number): Promise<Set<number>> {
    const ids = new Set<number>();
    for (const path of LIST_PATHS[kind]) {
      for (let page = 1; page <= pages; page += 1) {
        const answer = await this.get(path, ListSchema, { page: String(page) });
        answer.results.forEach((item) => ids.add(item.id));
        if (page >= answer.total_pages) break;
      }
    }
    return ids;
  }

  async genres(kind: TmdbKind): Promise<Map<number, string>> {
    const { genres } = await this.get(`/genre/${kind}/list`, GenresSchema);
    return new Map(genres.map((genre) => [genre.id, genre.name]));
  }

  async show(id: number): Promise<TmdbShowDetail> {
    return this.get(`/tv/${id}`, TmdbShowSchema, { append_to_response: 'content_ratings' });
  }

  async season(showId: number, seasonNumber: number): Promise<TmdbSeasonDetail> {
    return this.get(`/tv/${showId}/season/${seasonNumber}`, TmdbSeasonSchema);
  }

  async movie(id: number): Promise<TmdbMovieDetail> {
    return this.get(`/movie/${id}`, TmdbMovieSchema, { append_to_response: 'release_dates' });
  }

  async reviews(id: number): Promise<TmdbReviewItem[]> {
    return (await this.get(`/movie/${id}/reviews`, ReviewsSchema)).results;
  }

  private get<S extends z.ZodType>(
    path: string,
    schema: S,
    params: Record<string, string> = {},
  ): Promise<z.infer<S>> {
    const url = new URL(`${this.env.TMDB_BASE_URL.replace(/\/$/, '')}${path}`);
    url.searchParams.set('api_key', this.env.TMDB_API_KEY ?? '');
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return fetchJson(url, { schema, timeoutMs: TIMEOUT_MS });
  }
}
