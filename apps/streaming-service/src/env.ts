import { serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';

export const envSchema = serviceEnvSchema({ tcpPort: 4005, httpPort: 5010, db: 'streaming' });
export type Env = z.infer<typeof envSchema>;
