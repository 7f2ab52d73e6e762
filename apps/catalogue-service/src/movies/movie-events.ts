import type { EventPayload } from '@app/contracts';
import type { StoredMovie } from './movies.repository';

/** The one place `movie.published` is built: admin publish, the seed and the importer all announce a title so. */
export const moviePublishedEvent = (
  movie: Pick<StoredMovie, '_id' | 'title' | 'genre' | 'publishDate'>,
): EventPayload<'movie.published'> => ({
  movieId: movie._id.toHexString(),
  title: movie.title,
  genre: movie.genre,
  publishDate: (movie.publishDate ?? new Date()).toISOString(),
});
