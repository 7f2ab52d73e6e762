import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { GENERATED_POSTER_PREFIX, MovieStatus } from '@app/contracts';
import type { EventBus } from '@app/server-core';
import { moviePublishedEvent } from '../movies/movie-events';
import type { MoviesRepository, StoredMovie } from '../movies/movies.repository';
import { normalizeTitle } from '../titles/title-search';
import type { CleanMovie } from './movie-dataset';

const BATCH = 250;

/** A stable id per source key, so the poster URL is known before insert and re-seeding matches by `_id`. */
export const seedId = (sourceKey: string) =>
  new Types.ObjectId(createHash('sha256').update(sourceKey).digest('hex').slice(0, 24));

export const toNewMovie = (movie: CleanMovie, now: Date): StoredMovie => {
  const _id = seedId(movie.sourceKey);
  return {
    ...movie,
    _id,
    titleNormalized: normalizeTitle(movie.title),
    posterUrl: `${GENERATED_POSTER_PREFIX}${_id.toHexString()}.svg`,
    status: MovieStatus.Published,
    language: null,
    writers: [],
    cast: [],
    awards: null,
    imdbId: null,
    tmdbId: null,
    publishDate: now,
  };
};

export type SeedHooks = {
  onProgress?: (done: number) => void;
  /** Called with the titles this run inserted (and so published), e.g. to emit `movie.published`. */
  onInserted?: (movies: StoredMovie[]) => Promise<void>;
  /**
   * Called with seeded titles already present that still have no media: announced again, so a sample library
   * made after the catalogue (a new media dir, a stream trimmed before streaming-service read it) reaches them.
   */
  onWithoutMedia?: (movies: StoredMovie[]) => Promise<void>;
};

/** Idempotent: titles already present are left as they are. Returns how many were added. */
export const seedCatalogue = async (
  repository: MoviesRepository,
  movies: CleanMovie[],
  { onProgress, onInserted, onWithoutMedia }: SeedHooks = {},
  now = new Date(),
): Promise<number> => {
  let added = 0;
  for (let start = 0; start < movies.length; start += BATCH) {
    const batch = movies.slice(start, start + BATCH).map((movie) => toNewMovie(movie, now));
    const inserted = new Set((await repository.insertMissing(batch)).map((id) => id.toHexString()));
    added += inserted.size;
    if (inserted.size && onInserted)
      await onInserted(batch.filter((movie) => inserted.has(movie._id.toHexString())));
    if (onWithoutMedia) {
      const present = batch.filter((movie) => !inserted.has(movie._id.toHexString())).map(({ _id }) => _id);
      const waiting = present.length ? await repository.publishedWithoutMedia(present) : [];
      if (waiting.length) await onWithoutMedia(waiting);
    }
    onProgress?.(Math.min(start + BATCH, movies.length));
  }
  return added;
};

/** The seed's `onInserted` hook in production: every inserted title is announced as published, as demo content. */
export const announceInserted = (events: EventBus) => async (movies: StoredMovie[]) => {
  for (const movie of movies) {
    await events.publish('movie.published', moviePublishedEvent(movie, { demo: true }));
  }
};
