import { MOVIE_DETAILS_MAX_IDS, type Movie } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/**
 * `POST /api/movie-details`: published titles by id, in the order asked (unknown ids are skipped), asked in
 * batches of the server's limit. Apart from movies.api.ts, which the landing page loads.
 */
export const movieDetailsApi = {
  byIds: async (client: ApiClient, movieIds: string[], signal?: AbortSignal): Promise<Movie[]> => {
    const batches: string[][] = [];
    for (let at = 0; at < movieIds.length; at += MOVIE_DETAILS_MAX_IDS)
      batches.push(movieIds.slice(at, at + MOVIE_DETAILS_MAX_IDS));
    const answers = await Promise.all(
      batches.map((batch) =>
        client.call('POST /api/movie-details', { body: { movieIds: batch } }, { signal }),
      ),
    );
    return answers.flat();
  },
} as const;
