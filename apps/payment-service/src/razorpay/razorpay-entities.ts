import { z } from 'zod';

// The fields of Razorpay's entities this service reads, parsed (not trusted) whether they come from the SDK or a
// webhook body. Unknown fields are dropped; a missing field we rely on fails the parse.

const unixSeconds = z.number().int().nonnegative();
const notes = z.union([
  z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  z.array(z.unknown()),
]);

export const RazorpayPaymentSchema = z.object({
  id: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  amount_refunded: z.number().int().nonnegative().nullish(),
  order_id: z.string().nullish(),
  invoice_id: z.string().nullish(),
  method: z.string().nullish(),
  created_at: unixSeconds,
  notes: notes.optional(),
});
export type RazorpayPayment = z.infer<typeof RazorpayPaymentSchema>;

export const RazorpayOrderSchema = z.object({
  id: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  receipt: z.string().nullish(),
  status: z.enum(['created', 'attempted', 'paid']),
});
export type RazorpayOrder = z.infer<typeof RazorpayOrderSchema>;

export const RazorpaySubscriptionSchema = z.object({
  id: z.string(),
  plan_id: z.string(),
  status: z.enum([
    'created',
    'authenticated',
    'active',
    'pending',
    'halted',
    'cancelled',
    'completed',
    'expired',
  ]),
  current_start: unixSeconds.nullish(),
  current_end: unixSeconds.nullish(),
  charge_at: unixSeconds.nullish(),
  start_at: unixSeconds.nullish(),
  ended_at: unixSeconds.nullish(),
  paid_count: z.number().int().nonnegative().default(0),
  notes: notes.optional(),
});
export type RazorpaySubscription = z.infer<typeof RazorpaySubscriptionSchema>;

export const RazorpayRefundSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int().nonnegative(),
  status: z.enum(['pending', 'processed', 'failed']),
});
export type RazorpayRefund = z.infer<typeof RazorpayRefundSchema>;

export const RazorpayPlanSchema = z.object({ id: z.string() });

/** A subscription's invoice: each charge has one, the upfront amount's included (issue 27). */
export const RazorpayInvoiceSchema = z.object({
  id: z.string(),
  subscription_id: z.string().nullish(),
  payment_id: z.string().nullish(),
  status: z.string(),
  created_at: unixSeconds,
});
export type RazorpayInvoice = z.infer<typeof RazorpayInvoiceSchema>;

/** A webhook body: `event` plus the entities it carries (which ones depends on the event). */
export const RazorpayWebhookSchema = z.object({
  event: z.string().max(64),
  created_at: unixSeconds.optional(),
  payload: z.object({
    payment: z.object({ entity: RazorpayPaymentSchema }).optional(),
    order: z.object({ entity: RazorpayOrderSchema }).optional(),
    subscription: z.object({ entity: RazorpaySubscriptionSchema }).optional(),
    refund: z.object({ entity: RazorpayRefundSchema }).optional(),
  }),
});
export type RazorpayWebhook = z.infer<typeof RazorpayWebhookSchema>;

/** Unix seconds (Razorpay's clock) to a Date; null stays null. */
export const fromUnix = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);
export const toUnix = (date: Date): number => Math.floor(date.getTime() / 1000);
