import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { requireStrongSecrets, weakSecretReason } from './secrets';

const schema = z
  .object({ NODE_ENV: z.string(), KEY: z.string().min(32), ISSUED: z.string().optional() })
  .superRefine((env, ctx) => requireStrongSecrets(env, ctx, { KEY: {}, ISSUED: { minBits: 64 } }));

describe('secrets fit to sign with (issue 14, finding 4)', () => {
  it.each([
    ['compose’s old default', 'change-me-in-production-at-least-32-characters'],
    ['the k8s template', '<at least 32 random bytes: signs session tokens (auth-service)>'],
    ['one character', 'a'.repeat(40)],
    ['a repeated word', 'password'.repeat(5)],
    ['few characters', 'abababababababababababababababababcd'],
  ])('refuses %s', (_label, value) => {
    expect(weakSecretReason(value)).not.toBeNull();
  });

  it('accepts random keys (hex of 16 and 32 bytes, base64url), every time', () => {
    for (let i = 0; i < 500; i++) {
      expect(weakSecretReason(randomBytes(16).toString('hex'))).toBeNull();
      expect(weakSecretReason(randomBytes(32).toString('base64url'))).toBeNull();
    }
  });

  it('refuses weak keys in production only, naming the key', () => {
    const weak = { KEY: 'change-me-in-production-at-least-32-characters' };
    expect(schema.safeParse({ NODE_ENV: 'development', ...weak }).success).toBe(true);
    const refused = schema.safeParse({ NODE_ENV: 'production', ...weak });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path)).toEqual([['KEY']]);
    const strong = randomBytes(32).toString('hex');
    expect(schema.safeParse({ NODE_ENV: 'production', KEY: strong }).success).toBe(true);
    // A third party's key (Razorpay's 24 characters) is held to its own bound.
    expect(
      schema.safeParse({ NODE_ENV: 'production', KEY: strong, ISSUED: randomBytes(18).toString('base64url') })
        .success,
    ).toBe(true);
  });
});
