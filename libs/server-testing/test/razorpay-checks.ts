import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils';
import type { RazorpayFake } from '../src';

/**
 * Whether Razorpay's own SDK accepts a Checkout answer as the fake's: its signature over the payment and the order
 * (or subscription) it paid, made with the fake's key secret.
 */
export const signedByFake = (
  fake: RazorpayFake,
  paid: { order_id: string } | { subscription_id: string },
  response: Record<string, string>,
) =>
  validatePaymentVerification(
    { ...paid, payment_id: response.razorpay_payment_id },
    response.razorpay_signature,
    fake.keySecret,
  );
