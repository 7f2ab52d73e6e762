import { randomBytes } from 'node:crypto';
import { envSchema } from './env';

const base = {
  MONGODB_URI: 'mongodb://127.0.0.1:27017',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  RAZORPAY_KEY_ID: 'rzp_live_abcdef',
};
const issued = () => randomBytes(18).toString('base64url');

describe('payment-service environment', () => {
  it("refuses to boot in production with placeholder Razorpay secrets, and accepts Razorpay's own (issue 14, finding 4)", () => {
    const refused = envSchema.safeParse({
      ...base,
      NODE_ENV: 'production',
      RAZORPAY_KEY_SECRET: '<Razorpay key secret (payment-service)>',
      RAZORPAY_WEBHOOK_SECRET: 'change-me',
    });
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
    ]);
    const accepted = envSchema.safeParse({
      ...base,
      NODE_ENV: 'production',
      RAZORPAY_KEY_SECRET: issued(),
      RAZORPAY_WEBHOOK_SECRET: issued(),
    });
    expect(accepted.success).toBe(true);
  });
});
