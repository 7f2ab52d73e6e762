import { z } from 'zod';

// The part of promo codes the order contracts need (payments.ts imports this; promos.ts imports payments.ts).

/** What the viewer is told (the viewer's words, never the rule's). */
export const PromoMessages = {
  unknown: "This promo code doesn't exist. Check it and try again.",
  notYet: "This promo code isn't active yet.",
  expired: 'This promo code has expired.',
  paused: 'This promo code is no longer available.',
  usedUp: 'This promo code has been fully redeemed.',
  accountLimit: "You've already used this promo code.",
  notApplicable: "This promo code can't be used for this purchase.",
  notWithTrial: "Promo codes can't be used with the free trial.",
  /** Admin: a code that exists already. */
  taken: 'A promo code with this name exists already.',
  /** Admin: from must be before to. */
  badWindow: 'The code must start before it ends.',
  /** Admin: neither titles nor plans chosen. */
  appliesToNothing: 'Choose the titles or plans the code is for.',
} as const;

/** Any case, spaces around allowed (as typed), then upper-cased; a malformed code is simply one that does not exist. */
export const PromoCodeSchema = z
  .string()
  .regex(/^\s*[A-Za-z0-9][A-Za-z0-9_-]{2,19}\s*$/, PromoMessages.unknown)
  .trim()
  .toUpperCase();

/** The discount an order carries (its Checkout, invoice and receipt show it). */
export const AppliedPromoSchema = z.object({
  code: z.string(),
  listPricePaise: z.number().int(),
  discountPaise: z.number().int(),
});
export type AppliedPromo = z.infer<typeof AppliedPromoSchema>;
