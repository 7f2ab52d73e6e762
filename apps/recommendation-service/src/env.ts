import { serviceEnvSchema } from '@app/server-core';
import type { z } from 'zod';

export const envSchema = serviceEnvSchema('recommendation-service');
export type Env = z.infer<typeof envSchema>;
