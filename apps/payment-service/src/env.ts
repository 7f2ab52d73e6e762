import { serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';

export const envSchema = serviceEnvSchema({ tcpPort: 4004, httpPort: 5004, db: 'payments' });
export type Env = z.infer<typeof envSchema>;
