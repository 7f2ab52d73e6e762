import { serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';

export const envSchema = serviceEnvSchema({ tcpPort: 4001, httpPort: 5001, db: 'auth' });
export type Env = z.infer<typeof envSchema>;
