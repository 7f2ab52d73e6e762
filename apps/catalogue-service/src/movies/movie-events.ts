import type { EventPayload } from '@app/contracts';
import type { StoredMovie } from './movies.repository';

/**
 * The one place `movie.published` is built: admin publish, the seed and the importer all announce a title so.
 * `demo` marks the seed's titles (streaming-service maps them to generated sample films); admin-created and
 * imported titles carry no flag.
 */
export const moviePublishedEvent = (
  movie: Pick<StoredMovie, '_id' | 'title' | 'genre' | 'publishDate'>,
  { demo = false }: { demo?: boolean } = {},
): EventPayload<'movie.published'> => ({
  movieId: movie._id.toHexString(),
  title: movie.title,
  genre: movie.genre,
  publishDate: (movie.publishDate ?? new Date()).toISOString(),
  ...(demo ? { demo: true } : {}),
});
