import { startRazorpayFake } from '@app/server-testing';
import type { DevFakeStarter } from './index';

/**
 * Payments: a local Razorpay (REST API, checkout.js, signed webhooks to the gateway) when no RAZORPAY_KEY_ID is
 * configured. Its state lives in memory: orders made before a restart are unknown to it afterwards.
 */
export const startPaymentFakes: DevFakeStarter = async ({ gatewayUrl, log }) => {
  if (process.env.RAZORPAY_KEY_ID) return null;
  const razorpay = await startRazorpayFake({ webhookUrl: `${gatewayUrl}/api/payments/webhook` });
  log(
    `Payments: local Razorpay stand-in at ${razorpay.url} (test mode; its Checkout has Pay and Fail buttons, test controls under ${razorpay.url}/_control; set RAZORPAY_KEY_ID and friends for the real service)`,
  );
  return {
    env: {
      RAZORPAY_KEY_ID: razorpay.keyId,
      RAZORPAY_KEY_SECRET: razorpay.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
      RAZORPAY_API_URL: razorpay.apiUrl,
      RAZORPAY_CHECKOUT_URL: razorpay.checkoutUrl,
    },
    stop: razorpay.stop,
  };
};
