import { serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';

const optionalString = z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).optional());

export const envSchema = serviceEnvSchema({ tcpPort: 4001, httpPort: 5001, db: 'auth' })
  .extend({
    /** HS256 key of session tokens. */
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
    /** HMAC key that signs ALTCHA challenges. */
    ALTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters'),
    /** Both set: Google reCAPTCHA v2 replaces ALTCHA. */
    RECAPTCHA_SITE_KEY: optionalString,
    RECAPTCHA_SECRET_KEY: optionalString,
    RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    /** smtp://host:port; without it (development only) mail is written to OUTBOX_DIR. */
    SMTP_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().regex(/^smtps?:\/\//, 'must be an smtp:// URL').optional()),
    MAIL_FROM: z.string().min(3).default('Streamly <no-reply@streamly.in>'),
    OUTBOX_DIR: z.string().default('.data/outbox'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production (mail must really be sent)' });
    }
    if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['RECAPTCHA_SECRET_KEY'], message: 'set both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY, or neither' });
    }
  });
export type Env = z.infer<typeof envSchema>;
export const ENV = Symbol('AUTH_ENV');
