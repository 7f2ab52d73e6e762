import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { fetchJson, InjectEnv } from '@app/server-core';
import type { Env } from '../env';

/** The fields of an OMDb answer we read (SPEC 3); OMDb answers `Response: 'False'` with an `Error` on a miss. */
export const OmdbAnswerSchema = z.object({
  Response: z.enum(['True', 'False']),
  Title: z.string().optional(),
  Year: z.string().optional(),
  imdbRating: z.string().optional(),
  imdbVotes: z.string().optional(),
  imdbID: z.string().optional(),
  Error: z.string().optional(),
});
export type OmdbAnswer = z.infer<typeof OmdbAnswerSchema>;

/** HTTP client of an OMDb-compatible movie-rating service; the key never leaves the server (DECISIONS 14). */
@Injectable()
export class MovieRatingClient {
  constructor(@InjectEnv() private readonly env: Env) {}

  get configured(): boolean {
    return Boolean(this.env.OMDB_API_KEY);
  }

  byImdbId(imdbId: string): Promise<OmdbAnswer> {
    return this.lookUp({ i: imdbId });
  }

  byTitle(title: string, year: number | null): Promise<OmdbAnswer> {
    return this.lookUp({ t: title.trim(), ...(year ? { y: String(year) } : {}) });
  }

  /** Throws a ThirdPartyError on a transport failure, a timeout, a non-2xx status or an answer of the wrong shape. */
  private lookUp(params: Record<string, string>): Promise<OmdbAnswer> {
    const url = new URL(this.env.OMDB_BASE_URL);
    url.searchParams.set('apikey', this.env.OMDB_API_KEY ?? '');
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return fetchJson(url, { schema: OmdbAnswerSchema, timeoutMs: this.env.OMDB_TIMEOUT_MS });
  }
}
