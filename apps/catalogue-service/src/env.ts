import { outboxEnvShape, serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';

/** An optional secret: unset and empty both mean "not configured". */
const optionalKey = z
  .string()
  .optional()
  .transform((value) => value || undefined);

export const envSchema = serviceEnvSchema('catalogue-service').extend({
  /** Movie-rating look-up (OMDb-compatible, DECISIONS 14); without a key every rating is 'N/A'. */
  OMDB_BASE_URL: z.url().default('https://www.omdbapi.com/'),
  OMDB_API_KEY: optionalKey,
  OMDB_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3_000),
  /** Importer from a public movie database (TMDB-compatible, DECISIONS 13). */
  TMDB_BASE_URL: z.url().default('https://api.themoviedb.org/3'),
  TMDB_API_KEY: optionalKey,
  TMDB_IMAGE_BASE_URL: z.url().default('https://image.tmdb.org/t/p'),
  /** Issue 28: how often the scheduler re-adds every stored schedule's jobs (a job Redis lost); 0: only at boot. */
  SCHEDULE_SWEEP_EVERY_MS: z.coerce.number().int().min(0).default(300_000),
  ...outboxEnvShape,
});
export type Env = z.infer<typeof envSchema>;
