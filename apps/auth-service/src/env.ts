import { mailEnvShape, requireSmtpInProduction, serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';

const optionalString = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().min(1).optional(),
);

export const envSchema = serviceEnvSchema('auth-service')
  .extend({
    /** HS256 key of session tokens. */
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
    /** HMAC key that signs ALTCHA challenges. */
    ALTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters'),
    /** Both set: Google reCAPTCHA v2 replaces ALTCHA. */
    RECAPTCHA_SITE_KEY: optionalString,
    RECAPTCHA_SECRET_KEY: optionalString,
    RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    ...mailEnvShape,
  })
  .superRefine((env, ctx) => {
    requireSmtpInProduction(env, ctx);
    if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['RECAPTCHA_SECRET_KEY'],
        message: 'set both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY, or neither',
      });
    }
  });
export type Env = z.infer<typeof envSchema>;
