import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `data` with `secret`, hex: every Razorpay signature is this. */
export const hmacSha256Hex = (secret: string, data: string | Buffer): string =>
  createHmac('sha256', secret).update(data).digest('hex');

/**
 * Constant-time comparison of two hex signatures (the SDK's own helpers compare with `===`, which leaks how many
 * leading characters matched). A different length or a non-hex value is simply "no match".
 */
export const signaturesMatch = (expectedHex: string, givenHex: string): boolean => {
  if (!/^[a-f0-9]+$/i.test(givenHex) || givenHex.length !== expectedHex.length) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex.toLowerCase(), 'hex'));
};

/** Checkout of an order: HMAC of `order_id|payment_id` with the key secret; `orderId` must be the one WE stored. */
export const isValidOrderSignature = (
  keySecret: string,
  { orderId, paymentId, signature }: { orderId: string; paymentId: string; signature: string },
): boolean => signaturesMatch(hmacSha256Hex(keySecret, `${orderId}|${paymentId}`), signature);

/** Checkout of a subscription: the other way round, `payment_id|subscription_id`, with the key secret. */
export const isValidSubscriptionSignature = (
  keySecret: string,
  { subscriptionId, paymentId, signature }: { subscriptionId: string; paymentId: string; signature: string },
): boolean => signaturesMatch(hmacSha256Hex(keySecret, `${paymentId}|${subscriptionId}`), signature);

/** Webhooks: HMAC of the raw request body, byte for byte, with the webhook secret (not the key secret). */
export const isValidWebhookSignature = (webhookSecret: string, rawBody: string, signature: string): boolean =>
  signaturesMatch(hmacSha256Hex(webhookSecret, Buffer.from(rawBody, 'utf8')), signature);
