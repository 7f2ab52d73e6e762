import { randomBytes } from 'node:crypto';
import { envSchema } from './env';

const base = {
  MONGODB_URI: 'mongodb://127.0.0.1:27017',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  RAZORPAY_KEY_ID: 'rzp_live_abcdef',
};
const issued = () => randomBytes(18).toString('base64url');
const supplier = {
  SUPPLIER_NAME: 'Streamly Media Private Limited',
  SUPPLIER_ADDRESS: '12 MG Road, Bengaluru, Karnataka 560001',
  SUPPLIER_GSTIN: '27AAPFU0939F1ZV',
  SUPPLIER_STATE: '27',
};

describe('payment-service environment', () => {
  it("refuses to boot in production with placeholder Razorpay secrets, and accepts Razorpay's own (issue 14, finding 4)", () => {
    const refused = envSchema.safeParse({
      ...base,
      NODE_ENV: 'production',
      RAZORPAY_KEY_SECRET: '<Razorpay key secret (payment-service)>',
      RAZORPAY_WEBHOOK_SECRET: 'change-me',
      ...supplier,
    });
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
    ]);
    const accepted = envSchema.safeParse({
      ...base,
      ...supplier,
      NODE_ENV: 'production',
      RAZORPAY_KEY_SECRET: issued(),
      RAZORPAY_WEBHOOK_SECRET: issued(),
    });
    expect(accepted.success).toBe(true);
  });

  it('refuses the example supplier in production against Razorpay itself, a GSTIN with a wrong check character, and a state not its own', () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      RAZORPAY_KEY_SECRET: issued(),
      RAZORPAY_WEBHOOK_SECRET: issued(),
    };
    const refused = envSchema.safeParse({ ...production, SUPPLIER_NAME: '<legal name of the business>' });
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'SUPPLIER_ADDRESS',
      'SUPPLIER_GSTIN',
      'SUPPLIER_NAME',
    ]);
    expect(
      envSchema.safeParse({
        ...base,
        ...supplier,
        RAZORPAY_KEY_SECRET: issued(),
        RAZORPAY_WEBHOOK_SECRET: issued(),
        SUPPLIER_GSTIN: '27AAPFU0939F1ZW',
      }).success,
    ).toBe(false);
    const otherState = envSchema.safeParse({ ...production, ...supplier, SUPPLIER_STATE: '29' });
    expect(otherState.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['SUPPLIER_STATE']);
    // Test mode (the local Razorpay server, as `npm start` and the journeys run) and development keep the example.
    expect(envSchema.safeParse({ ...production, RAZORPAY_API_URL: 'http://127.0.0.1:9000' }).success).toBe(
      true,
    );
    const development = envSchema.parse({
      ...base,
      RAZORPAY_KEY_SECRET: 'dev-secret-1',
      RAZORPAY_WEBHOOK_SECRET: 'dev-secret-2',
    });
    expect(development.SUPPLIER_GSTIN).toBe('29ABCDE1234F1ZW');
  });
});
