import path from 'node:path';
import { startRazorpayFake } from '@app/server-testing';
import type { DevFakeStarter } from './dev-fake';

/**
 * Payments: a local Razorpay (REST API, checkout.js, signed webhooks to the gateway) when no RAZORPAY_KEY_ID is
 * configured. Its account (orders, payments, plans, subscriptions, refunds and its keys) is kept in
 * `<dataDir>/razorpay.json` like the other stores, so what was bought before a restart of `npm start` is still
 * known to it afterwards (and payment-service re-creates a plan it finds missing all the same).
 */
export const startPaymentFakes: DevFakeStarter = async ({ dataDir, gatewayUrl, log }) => {
  if (process.env.RAZORPAY_KEY_ID) return null;
  const stateFile = path.join(dataDir, 'razorpay.json');
  const razorpay = await startRazorpayFake({ webhookUrl: `${gatewayUrl}/api/payments/webhook`, stateFile });
  log(
    `Payments: local Razorpay stand-in at ${razorpay.url}, its account kept in ${stateFile} (test mode; its Checkout has Pay and Fail buttons, test controls under ${razorpay.url}/_control; set RAZORPAY_KEY_ID and friends for the real service)`,
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
