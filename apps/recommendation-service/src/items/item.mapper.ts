import type { Classification, MovieAccess } from '@app/contracts';
import { accessForRating, MovieStatus, UNRATED_CLASSIFICATION } from '@app/contracts';
import type { ItemFeatures } from '../model';
import type { ItemKind } from './item.schema';
import type { StoredItem } from './items.repository';

/** A title as the serving side holds it in memory: what a card shows and what the model compares. */
export type CatalogueItem = {
  /** The movie's or the series' id (recommendations answer it as `movie_id`). */
  movieId: string;
  kind: ItemKind;
  title: string;
  genre: string;
  /** Lower-cased, trimmed genre: the genre filter compares on it. */
  genreKey: string;
  posterUrl: string;
  rating: number | null;
  access: MovieAccess;
  director: string | null;
  cast: string[];
  releaseYear: number | null;
  /** Its class (DECISIONS 37); unrated until an event told it. Every list keeps titles above the ceiling out. */
  classification: Classification;
  /** Epoch ms of the catalogue's publish date; null when unknown. */
  publishedAt: number | null;
  /** Published, not deleted, licence not ended (as of when it was read): the only titles any list may offer. */
  recommendable: boolean;
};

export const genreKey = (genre: string) => genre.trim().toLowerCase();

/** A stored record with safe defaults for fields an older event did not carry. */
export const toCatalogueItem = (record: StoredItem, now: Date = new Date()): CatalogueItem => {
  const rating = record.rating ?? null;
  return {
    movieId: record._id,
    kind: record.kind ?? 'movie',
    title: record.title,
    genre: record.genre,
    genreKey: genreKey(record.genre),
    posterUrl: record.posterUrl ?? '',
    rating,
    access: record.access ?? accessForRating(rating),
    director: record.director ?? null,
    cast: record.cast ?? [],
    releaseYear: record.releaseYear ?? null,
    classification: record.classification ?? UNRATED_CLASSIFICATION,
    publishedAt: record.publishDate ? record.publishDate.getTime() : null,
    // The catalogue's licence-end job announces the title again at its end, so the replicas read it again then.
    recommendable:
      record.status === MovieStatus.Published &&
      !record.deleted &&
      !(record.availableUntil && record.availableUntil.getTime() <= now.getTime()),
  };
};

export const toItemFeatures = (item: CatalogueItem): ItemFeatures => ({
  movieId: item.movieId,
  genre: item.genre,
  director: item.director,
  cast: item.cast,
  releaseYear: item.releaseYear,
  rating: item.rating,
});
