import type { VerifyPaymentResult } from '@app/contracts';
import type { TitleOrigin } from './title-origin';

export type PaidKind = VerifyPaymentResult['kind'];

/**
 * Router state a checkout hands /payment-success once the server verified its payment: which kind was paid and,
 * when it began on a title, that title. Without it the page has no payment to celebrate (issue 24).
 */
export type PaymentOutcome = { paid: { kind: PaidKind } } & Partial<TitleOrigin>;

export const paymentOutcome = (result: VerifyPaymentResult, origin?: TitleOrigin): PaymentOutcome => ({
  paid: { kind: result.kind },
  ...origin,
});

const PAID_KINDS: readonly PaidKind[] = ['purchase', 'rental', 'subscription'];

/** The kind of payment the checkout verified, or null when the page was opened without one. */
export const paidKindFrom = (state: unknown): PaidKind | null => {
  if (typeof state !== 'object' || state === null || !('paid' in state)) return null;
  const { paid } = state as { paid: unknown };
  if (typeof paid !== 'object' || paid === null) return null;
  const { kind } = paid as { kind?: unknown };
  return PAID_KINDS.find((known) => known === kind) ?? null;
};
