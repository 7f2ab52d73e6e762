// Test data for the model's specs.
import type { Interaction, ItemFeatures, ModelSnapshot } from './model.types';

export const DAY = 86_400_000;
export const NOW = Date.UTC(2026, 0, 1);

export const item = (movieId: string, overrides: Partial<ItemFeatures> = {}): ItemFeatures => ({
  movieId,
  genre: 'Drama',
  director: null,
  cast: [],
  releaseYear: null,
  rating: null,
  ...overrides,
});

/** Every listed viewer watched every listed title (strength 3, a day ago unless said otherwise). */
export const watched = (users: string[], movieIds: string[], strength = 3, at = NOW - DAY): Interaction[] =>
  users.flatMap((userId) => movieIds.map((movieId) => ({ userId, movieId, strength, at })));

export const viewers = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`);

/**
 * A snapshot as same-realm plain data: jest's deep equality cannot walk a Map that `structuredClone` made, because
 * jest runs tests in a separate VM context (a worker's copy is an ordinary Map).
 */
export const plain = (model: ModelSnapshot): unknown =>
  JSON.parse(JSON.stringify({ ...model, neighbours: [...model.neighbours] }));
