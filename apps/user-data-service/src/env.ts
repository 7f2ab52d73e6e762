import { serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';

export const envSchema = serviceEnvSchema({ tcpPort: 4003, httpPort: 5003, db: 'userdata' });
export type Env = z.infer<typeof envSchema>;
