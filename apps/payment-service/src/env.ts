import {
  mailEnvShape,
  outboxEnvShape,
  requireSmtpInProduction,
  requireStrongSecrets,
  serviceEnvSchema,
} from '@app/server-core';
import { z } from 'zod';

const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());

export const envSchema = serviceEnvSchema('payment-service')
  .extend({
    /** Razorpay API keys (Dashboard → API keys); test keys start with `rzp_test_`. */
    RAZORPAY_KEY_ID: z.string().regex(/^[A-Za-z0-9_]{6,64}$/, 'must be a Razorpay key id'),
    RAZORPAY_KEY_SECRET: z.string().min(8),
    /** Webhook secret (a different secret from the key secret): signs `POST /api/payments/webhook`. */
    RAZORPAY_WEBHOOK_SECRET: z.string().min(8),
    /** Set to point the SDK at a Razorpay-compatible server (the local fake); also marks test mode. */
    RAZORPAY_API_URL: optionalUrl,
    RAZORPAY_CHECKOUT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
    /** Timeout of each call to Razorpay. */
    RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** How often the reconciler runs (a repeatable BullMQ job); 0 disables the schedule (tests call it directly). */
    RECONCILE_EVERY_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(5 * 60_000),
    /**
     * Test-only crash point: `after-payment-recorded` makes the process exit between recording a payment and
     * granting its entitlement, so a test can prove the reconciler and webhook retries finish the job.
     */
    PAYMENT_TEST_CRASH_POINT: z.enum(['after-payment-recorded']).optional(),
    ...mailEnvShape,
    ...outboxEnvShape,
  })
  .superRefine((env, ctx) => {
    requireSmtpInProduction(env, ctx);
    // Razorpay issues these (24 characters): held to placeholders and a lower bound than our own keys.
    requireStrongSecrets(env, ctx, {
      RAZORPAY_KEY_SECRET: { minBits: 64 },
      RAZORPAY_WEBHOOK_SECRET: { minBits: 64 },
    });
    if (env.NODE_ENV === 'production' && env.PAYMENT_TEST_CRASH_POINT) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_TEST_CRASH_POINT'],
        message: 'is a test hook and must not be set in production',
      });
    }
  });
export type Env = z.infer<typeof envSchema>;
