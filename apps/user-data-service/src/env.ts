import { serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';

export const envSchema = serviceEnvSchema({ tcpPort: 4003, httpPort: 5003, db: 'userdata' })
  .extend({
    /** Where contact-form messages are mailed. */
    SUPPORT_EMAIL: z.email().default('support@streamly.in'),
    MAIL_FROM: z.string().min(3).default('Streamly <no-reply@streamly.in>'),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// URL').optional(),
    OUTBOX_DIR: z.string().optional(),
  })
  .refine((env) => env.SMTP_URL || env.OUTBOX_DIR, { message: 'set SMTP_URL (or OUTBOX_DIR in development)', path: ['SMTP_URL'] })
  .refine((env) => env.NODE_ENV !== 'production' || env.SMTP_URL || env.OUTBOX_DIR, { message: 'SMTP_URL is required in production', path: ['SMTP_URL'] });
export type Env = z.infer<typeof envSchema>;
