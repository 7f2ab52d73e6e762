import { randomBytes } from 'node:crypto';
import { envSchema } from './env';

const base = { MONGODB_URI: 'mongodb://127.0.0.1:27017', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('streaming-service environment', () => {
  it('refuses to boot in production with a placeholder or guessable stream-token key (issue 14, finding 4)', () => {
    for (const secret of [
      '<at least 32 random bytes: signs stream URLs and upload tickets>',
      'x'.repeat(40),
    ]) {
      const parsed = envSchema.safeParse({ ...base, NODE_ENV: 'production', STREAM_TOKEN_SECRET: secret });
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['STREAM_TOKEN_SECRET']);
    }
    const random = randomBytes(32).toString('hex');
    expect(
      envSchema.safeParse({ ...base, NODE_ENV: 'production', STREAM_TOKEN_SECRET: random }).success,
    ).toBe(true);
    expect(
      envSchema.safeParse({ ...base, NODE_ENV: 'test', STREAM_TOKEN_SECRET: 'x'.repeat(40) }).success,
    ).toBe(true);
  });
});
