import { GATEWAY_DEFAULT_PORT } from '@app/contracts';
import {
  mailEnvShape,
  outboxEnvShape,
  requireSmtpInProduction,
  requireStrongSecrets,
  serviceEnvSchema,
} from '@app/server-core';
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
    /** HMAC key of the stored password-reset codes (its own key: one key per purpose). */
    OTP_HMAC_KEY: z.string().min(32, 'must be at least 32 characters'),
    /** Both set: Google reCAPTCHA v2 replaces ALTCHA. */
    RECAPTCHA_SITE_KEY: optionalString,
    RECAPTCHA_SECRET_KEY: optionalString,
    RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    /** Where browsers reach the product (the gateway's PUBLIC_URL): the verification mail links to its /verify-email. */
    PUBLIC_URL: z.url().default(`http://localhost:${GATEWAY_DEFAULT_PORT}`),
    ...mailEnvShape,
    ...outboxEnvShape,
  })
  .superRefine((env, ctx) => {
    requireSmtpInProduction(env, ctx);
    requireStrongSecrets(env, ctx, { JWT_SECRET: {}, ALTCHA_HMAC_KEY: {}, OTP_HMAC_KEY: {} });
    // One key per purpose: a key that leaked through one use must not open another.
    const keys = ['JWT_SECRET', 'ALTCHA_HMAC_KEY', 'OTP_HMAC_KEY'] as const;
    for (const [i, key] of keys.entries())
      if (keys.slice(0, i).some((earlier) => env[earlier] === env[key]))
        ctx.addIssue({ code: 'custom', path: [key], message: 'must differ from the other keys' });
    if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['RECAPTCHA_SECRET_KEY'],
        message: 'set both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY, or neither',
      });
    }
  });
export type Env = z.infer<typeof envSchema>;
