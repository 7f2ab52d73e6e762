import { serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';

export const envSchema = serviceEnvSchema({ tcpPort: 4006, httpPort: 5006, db: 'reco' });
export type Env = z.infer<typeof envSchema>;
