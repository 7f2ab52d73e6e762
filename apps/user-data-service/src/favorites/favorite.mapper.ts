import type { Favorite } from '@app/contracts';
import type { StoredFavorite } from './favorites.repository';

/** SPEC 3's favorite: `id` is the movie's id. */
export const toFavorite = (record: StoredFavorite): Favorite => ({
  id: record.movieId,
  movieId: record.movieId,
  title: record.title,
  posterUrl: record.posterUrl,
  genre: record.genre,
  rating: record.rating ?? null,
  addedAt: record.addedAt.toISOString(),
  ...(record.kind === 'series' ? { kind: 'series' as const } : {}),
});
