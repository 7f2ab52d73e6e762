import type { EventPayload } from '@app/contracts';
import type { StoredMovie } from './movies.repository';

/** What a title's events carry for the services that keep a card of it (list snapshots, the recommender). */
type CardSource = Pick<
  StoredMovie,
  '_id' | 'title' | 'genre' | 'posterUrl' | 'rating' | 'access' | 'director' | 'cast' | 'releaseDate'
>;

const card = (movie: CardSource) => ({
  movieId: movie._id.toHexString(),
  title: movie.title,
  genre: movie.genre,
  posterUrl: movie.posterUrl,
  rating: movie.rating,
  access: movie.access,
  director: movie.director,
  cast: movie.cast ?? [],
  releaseYear: movie.releaseDate ? movie.releaseDate.getUTCFullYear() : null,
});

/**
 * The one place `movie.published` is built: admin publish, the seed and the importer all announce a title so.
 * `demo` marks the seed's titles (streaming-service maps them to generated sample films); admin-created and
 * imported titles carry no flag.
 */
export const moviePublishedEvent = (
  movie: CardSource & Pick<StoredMovie, 'publishDate'>,
  { demo = false }: { demo?: boolean } = {},
): EventPayload<'movie.published'> => ({
  ...card(movie),
  publishDate: (movie.publishDate ?? new Date()).toISOString(),
  ...(demo ? { demo: true } : {}),
});

/** The one place `movie.updated` is built (an admin edit of a title that stays or goes back to draft). */
export const movieUpdatedEvent = (
  movie: CardSource & Pick<StoredMovie, 'status'>,
): EventPayload<'movie.updated'> => ({
  ...card(movie),
  status: movie.status,
});
