import type { EventPayload } from '@app/contracts';
import type { TitleCardSource } from '../titles/title-events';
import { publication, titleCard } from '../titles/title-events';
import type { StoredMovie } from './movies.repository';

type CardSource = TitleCardSource & Pick<StoredMovie, 'director' | 'releaseDate'>;

const card = (movie: CardSource) => ({
  movieId: movie._id.toHexString(),
  ...titleCard(movie, movie.director, movie.releaseDate),
});

/**
 * The one place `movie.published` is built: admin publish, the seed and the importer all announce a title so.
 * `demo` marks the seed's titles; admin-created and imported titles carry no flag.
 */
export const moviePublishedEvent = (
  movie: CardSource & Pick<StoredMovie, 'publishDate'>,
  { demo = false }: { demo?: boolean } = {},
): EventPayload<'movie.published'> => ({ ...card(movie), ...publication(movie.publishDate, demo) });

/** The one place `movie.updated` is built (an admin edit of a title that stays or goes back to draft). */
export const movieUpdatedEvent = (
  movie: CardSource & Pick<StoredMovie, 'status'>,
): EventPayload<'movie.updated'> => ({ ...card(movie), status: movie.status });
