import type { ModelOptions } from './model.types';

export const DAY_MS = 86_400_000;

/**
 * Tuned on the validation split of the offline evaluation (tools/bench/recommendations.bench.ts), except
 * `recentBoost` (validation could not tell 0 from 0.5: within ±0.001 recall@10; kept for tastes that drift) and
 * `newTitleDays` (a product choice, not tuned).
 */
export const DEFAULT_MODEL_OPTIONS: ModelOptions = {
  neighbours: 50,
  contentWeight: 0.02,
  shrinkage: 20,
  coldContentWeight: 0.1,
  newTitleDays: 30,
  popularityHalfLifeDays: 30,
  recentBoost: 0.5,
  recentHalfLifeDays: 30,
};
