import { serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';

export const envSchema = serviceEnvSchema('recommendation-service').extend({
  /** Minutes between full model builds (a worker thread); the first runs at boot. */
  RECO_REBUILD_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(10),
});
export type Env = z.infer<typeof envSchema>;
