import { serviceEnvSchema } from '@app/server-core';
import type { z } from 'zod';

export const envSchema = serviceEnvSchema('streaming-service');
export type Env = z.infer<typeof envSchema>;
