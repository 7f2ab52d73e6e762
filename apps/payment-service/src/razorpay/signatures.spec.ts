import { createHmac } from 'node:crypto';
import {
  hmacSha256Hex,
  isValidOrderSignature,
  isValidSubscriptionSignature,
  isValidWebhookSignature,
  signaturesMatch,
} from './signatures';

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

describe('Razorpay signatures', () => {
  const secret = 'key-secret-123';

  it('accepts an order signature over order_id|payment_id and nothing else', () => {
    const signature = sign(secret, 'order_A|pay_B');
    expect(isValidOrderSignature(secret, { orderId: 'order_A', paymentId: 'pay_B', signature })).toBe(true);
    expect(isValidOrderSignature(secret, { orderId: 'order_X', paymentId: 'pay_B', signature })).toBe(false);
    expect(isValidOrderSignature('other', { orderId: 'order_A', paymentId: 'pay_B', signature })).toBe(false);
    // The subscription order (payment first) must not pass as an order signature.
    expect(
      isValidOrderSignature(secret, {
        orderId: 'order_A',
        paymentId: 'pay_B',
        signature: sign(secret, 'pay_B|order_A'),
      }),
    ).toBe(false);
  });

  it('accepts a subscription signature over payment_id|subscription_id', () => {
    const signature = sign(secret, 'pay_B|sub_C');
    expect(
      isValidSubscriptionSignature(secret, { subscriptionId: 'sub_C', paymentId: 'pay_B', signature }),
    ).toBe(true);
    expect(
      isValidSubscriptionSignature(secret, {
        subscriptionId: 'sub_C',
        paymentId: 'pay_B',
        signature: sign(secret, 'sub_C|pay_B'),
      }),
    ).toBe(false);
  });

  it('checks a webhook over the raw body: one changed byte or whitespace fails', () => {
    const body = '{"event":"payment.captured","payload":{}}';
    const signature = sign('hook-secret', body);
    expect(isValidWebhookSignature('hook-secret', body, signature)).toBe(true);
    expect(isValidWebhookSignature('hook-secret', `${body} `, signature)).toBe(false);
    expect(isValidWebhookSignature(secret, body, signature)).toBe(false);
  });

  it('treats malformed signatures as a mismatch instead of throwing', () => {
    const expected = hmacSha256Hex(secret, 'x');
    expect(signaturesMatch(expected, '')).toBe(false);
    expect(signaturesMatch(expected, expected.slice(2))).toBe(false);
    expect(signaturesMatch(expected, 'zz'.repeat(32))).toBe(false);
    expect(signaturesMatch(expected, expected.toUpperCase())).toBe(true);
  });
});
