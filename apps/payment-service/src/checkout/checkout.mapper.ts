import { randomUUID } from 'node:crypto';
import type { AppliedPromo, Checkout, Payer, Plan, PlanId, VerifyPaymentResult } from '@app/contracts';
import { ErrorCode, PaymentMessages, ProfileKind, ProfileMessages, VerifyOutcome } from '@app/contracts';
import { AppError, RequestContext } from '@app/server-core';

/** The brand Checkout shows. */
export const BRAND = 'Streamly';
/** Checkout's theme colour: the web app's brand accent. */
export const THEME_COLOR = '#e11d48';

const prefill = (payer: Pick<Payer, 'email' | 'name'>) => ({
  email: payer.email ?? '',
  name: payer.name ?? '',
});

/** Only what the viewer is shown of a code (a stored one carries its id too). */
const appliedOf = ({ code, listPricePaise, discountPaise }: AppliedPromo): AppliedPromo => ({
  code,
  listPricePaise,
  discountPaise,
});

export const orderCheckout = (input: {
  razorpayOrderId: string;
  amountPaise: number;
  keyId: string;
  kind: 'purchase' | 'rental';
  title: string;
  movieId: string;
  payer: { email: string | null; name: string | null };
  promo?: AppliedPromo;
}): Checkout => ({
  id: input.razorpayOrderId,
  mode: 'order',
  amount: input.amountPaise,
  currency: 'INR',
  keyId: input.keyId,
  name: BRAND,
  description: `${input.kind === 'rental' ? 'Rent' : 'Buy'}: ${input.title}`,
  prefill: prefill({ email: input.payer.email ?? '', name: input.payer.name ?? '' }),
  movieId: input.movieId,
  planId: null,
  message: PaymentMessages.orderCreated,
  ...(input.promo ? { promo: appliedOf(input.promo) } : {}),
});

const every = (months: number) => (months === 1 ? 'month' : `${months} months`);

export const subscriptionCheckout = (input: {
  razorpaySubscriptionId: string;
  plan: Plan;
  keyId: string;
  payer: { email: string | null; name: string | null };
  startsAt: Date | null;
  /** Issue 27: a free trial, whose first charge is `startsAt`. */
  trial?: boolean;
  /** Issue 27: a promo code: the first period is charged now at its price, the plan's price from `startsAt`. */
  promo?: AppliedPromo;
}): Checkout => {
  const { plan, startsAt, promo } = input;
  const firstPeriodPaise = promo ? promo.listPricePaise - promo.discountPaise : null;
  const description =
    input.trial && startsAt
      ? `${plan.name} plan: free until ${startsAt.toISOString().slice(0, 10)}, then ₹${plan.priceInr} every ${plan.months} months`
      : firstPeriodPaise !== null
        ? `${plan.name} plan: ₹${firstPeriodPaise / 100} for the first ${every(plan.months)}, then ₹${plan.priceInr} every ${every(plan.months)}`
        : `${plan.name} plan: ₹${plan.priceInr} every ${every(plan.months)}${
            startsAt ? `, from ${startsAt.toISOString().slice(0, 10)}` : ''
          }`;
  return {
    id: input.razorpaySubscriptionId,
    mode: 'subscription',
    // What Checkout charges now: with a code, the upfront first period (Razorpay's authentication amount).
    amount: firstPeriodPaise ?? plan.priceInr * 100,
    currency: 'INR',
    keyId: input.keyId,
    name: BRAND,
    description,
    prefill: prefill({ email: input.payer.email ?? '', name: input.payer.name ?? '' }),
    movieId: null,
    planId: plan.id satisfies PlanId,
    ...(promo ? { promo: appliedOf(promo) } : {}),
  };
};

/** The HTTP contract's rule for a button press's key; the RPC repeats it here (defence in depth). */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The key stored for an order asked without one (SPEC 7's bodies carry none): its colon keeps it apart from every
 * client's key, so it never answers another request; the one-open-order rules alone keep a repeat from making two.
 */
export const ownIdempotencyKey = (): string => `server:${randomUUID()}`;

export const assertIdempotencyKey = (key: string): void => {
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new AppError(ErrorCode.ValidationFailed, PaymentMessages.invalidIdempotencyKey, [
      { path: 'idempotencyKey', message: 'must be 8-64 letters, digits, _ or -' },
    ]);
  }
};

/**
 * Issue 25: a session acting as a kids profile cannot buy, rent or subscribe (403, before anything is stored). The
 * gateway refuses these routes first; the profile comes from the RPC envelope, never from the payload.
 */
export const assertMayPay = (): void => {
  if (RequestContext.profile()?.kind === ProfileKind.Kids)
    throw new AppError(ErrorCode.Forbidden, ProfileMessages.kidsCannotPay);
};

/** The words the payer is shown for each verdict of verify (a Record, so a new verdict cannot go without words). */
const VERIFIED_TEXT: Record<VerifyOutcome, string> = {
  [VerifyOutcome.Paid]: PaymentMessages.success,
  [VerifyOutcome.RefundedDuplicate]: PaymentMessages.duplicateRefunded,
};

/** Verify's verdict and its words: clients branch on `outcome`, never on the text. */
export const verifiedAs = (outcome: VerifyOutcome): Pick<VerifyPaymentResult, 'outcome' | 'message'> => ({
  outcome,
  message: VERIFIED_TEXT[outcome],
});
