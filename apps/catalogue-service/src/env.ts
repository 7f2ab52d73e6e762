import { serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';

export const envSchema = serviceEnvSchema({ tcpPort: 4002, httpPort: 5002, db: 'catalogue' });
export type Env = z.infer<typeof envSchema>;
