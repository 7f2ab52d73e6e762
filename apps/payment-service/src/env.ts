import { GstStateCodeSchema, isValidGstin } from '@app/contracts';
import {
  isPlaceholder,
  mailEnvShape,
  outboxEnvShape,
  requireSmtpInProduction,
  requireStrongSecrets,
  serviceEnvSchema,
} from '@app/server-core';
import { z } from 'zod';

/** Development's and test mode's supplier on invoices: refused in production (invoices must name the real business). */
export const EXAMPLE_SUPPLIER = {
  SUPPLIER_NAME: 'Streamly Media Private Limited (example)',
  SUPPLIER_ADDRESS: 'Example Road, Bengaluru, Karnataka 560001 (placeholder)',
  // A well-formed GSTIN of the sample PAN ABCDE1234F: nobody's.
  SUPPLIER_GSTIN: '29ABCDE1234F1ZW',
  SUPPLIER_STATE: '29',
} as const;

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
    /** How often renewal reminders are looked for (a repeatable BullMQ job); 0 disables it (tests call it directly). */
    REMINDER_EVERY_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(60 * 60_000),
    /**
     * Test-only crash point: `after-payment-recorded` makes the process exit between recording a payment and
     * granting its entitlement, so a test can prove the reconciler and webhook retries finish the job.
     */
    PAYMENT_TEST_CRASH_POINT: z.enum(['after-payment-recorded']).optional(),
    /** The supplier on every tax invoice (CGST Rules, rule 46): legal name, address, GSTIN and its state's code. */
    SUPPLIER_NAME: z.string().trim().min(2).max(120).default(EXAMPLE_SUPPLIER.SUPPLIER_NAME),
    SUPPLIER_ADDRESS: z.string().trim().min(5).max(300).default(EXAMPLE_SUPPLIER.SUPPLIER_ADDRESS),
    SUPPLIER_GSTIN: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isValidGstin, 'must be a valid GSTIN')
      .default(EXAMPLE_SUPPLIER.SUPPLIER_GSTIN),
    /** GST state code (`29` Karnataka): CGST + SGST for viewers billed in this state, IGST elsewhere. */
    SUPPLIER_STATE: GstStateCodeSchema.default(EXAMPLE_SUPPLIER.SUPPLIER_STATE),
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
    if (!env.SUPPLIER_GSTIN.startsWith(env.SUPPLIER_STATE)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUPPLIER_STATE'],
        message: `must be the state of SUPPLIER_GSTIN (${env.SUPPLIER_GSTIN.slice(0, 2)})`,
      });
    }
    // Real money (production against Razorpay itself) needs the real business; a launch against the local Razorpay
    // server (`npm start`, the journeys: test mode) runs in production mode with the example one.
    if (env.NODE_ENV === 'production' && !env.RAZORPAY_API_URL) {
      for (const key of ['SUPPLIER_NAME', 'SUPPLIER_ADDRESS', 'SUPPLIER_GSTIN'] as const) {
        if (env[key] === EXAMPLE_SUPPLIER[key] || isPlaceholder(env[key]))
          ctx.addIssue({ code: 'custom', path: [key], message: 'is a placeholder: set the business’s own' });
      }
    }
    if (env.NODE_ENV === 'production' && env.PAYMENT_TEST_CRASH_POINT) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_TEST_CRASH_POINT'],
        message: 'is a test hook and must not be set in production',
      });
    }
  });
export type Env = z.infer<typeof envSchema>;
