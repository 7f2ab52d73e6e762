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

  const secret = randomBytes(32).toString('hex');
  const issues = (env: Record<string, string>) =>
    envSchema
      .safeParse({ ...base, STREAM_TOKEN_SECRET: secret, ...env })
      .error?.issues.map((i) => i.path.join('.'));

  it('takes a revocation dir only with the edge secret, and only a strong secret in production (issue 29 §4)', () => {
    const edge = randomBytes(32).toString('base64url');
    // Without a revocation dir (an edge that cannot see this disk): links end with their token.
    expect(issues({ STREAM_EDGE_SECRET: edge })).toBeUndefined();
    expect(issues({ STREAM_EDGE_REVOKED_DIR: '/tmp/revoked' })).toEqual(['STREAM_EDGE_REVOKED_DIR']);
    expect(issues({ STREAM_EDGE_SECRET: edge, STREAM_EDGE_REVOKED_DIR: '/tmp/revoked' })).toBeUndefined();
    // nginx reads it inside a quoted configuration string.
    expect(issues({ STREAM_EDGE_SECRET: `${edge}"; x`, STREAM_EDGE_REVOKED_DIR: '/tmp/r' })).toEqual([
      'STREAM_EDGE_SECRET',
    ]);
    expect(
      issues({
        NODE_ENV: 'production',
        STREAM_EDGE_SECRET: 'x'.repeat(40),
        STREAM_EDGE_REVOKED_DIR: '/tmp/r',
      }),
    ).toEqual(['STREAM_EDGE_SECRET']);
  });

  it('uses the local dir unless a bucket is named; blank settings (compose, k8s) count as unset', () => {
    const local = envSchema.parse({
      ...base,
      STREAM_TOKEN_SECRET: secret,
      MEDIA_S3_BUCKET: '',
      MEDIA_S3_ENDPOINT: '',
    });
    expect(local.MEDIA_S3_BUCKET).toBeUndefined();
    expect(local.MEDIA_DIR).toBe('.data/media');
    const s3 = envSchema.parse({
      ...base,
      STREAM_TOKEN_SECRET: secret,
      MEDIA_S3_BUCKET: 'streamly-media',
      MEDIA_S3_ENDPOINT: 'http://minio:9000',
      MEDIA_S3_ACCESS_KEY_ID: 'streaming',
      MEDIA_S3_SECRET_ACCESS_KEY: 'dev-secret',
    });
    expect(s3).toMatchObject({ MEDIA_S3_BUCKET: 'streamly-media', MEDIA_S3_REGION: 'us-east-1' });
  });

  it('names each S3 setting that is wrong or useless alone', () => {
    expect(issues({ MEDIA_S3_ENDPOINT: 'http://minio:9000', MEDIA_S3_FORCE_PATH_STYLE: 'on' })).toEqual([
      'MEDIA_S3_ENDPOINT',
      'MEDIA_S3_FORCE_PATH_STYLE',
    ]);
    expect(issues({ MEDIA_S3_BUCKET: 'Not_A_Bucket' })).toEqual(['MEDIA_S3_BUCKET']);
    expect(issues({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_ENDPOINT: 'minio:9000' })).toEqual([
      'MEDIA_S3_ENDPOINT',
    ]);
    expect(issues({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_PREFIX: '/abs' })).toEqual(['MEDIA_S3_PREFIX']);
    expect(issues({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toEqual([
      'MEDIA_S3_SECRET_ACCESS_KEY',
    ]);
    // Neither key: the SDK's own chain (AWS_* variables, IRSA, instance role).
    expect(issues({ MEDIA_S3_BUCKET: 'media' })).toBeUndefined();
  });

  it('refuses a placeholder or guessable bucket secret in production only', () => {
    const bucket = { MEDIA_S3_BUCKET: 'media', MEDIA_S3_ACCESS_KEY_ID: 'streaming' };
    for (const weak of ['<object storage secret key>', 'minioadmin'])
      expect(issues({ NODE_ENV: 'production', ...bucket, MEDIA_S3_SECRET_ACCESS_KEY: weak })).toEqual([
        'MEDIA_S3_SECRET_ACCESS_KEY',
      ]);
    const issued = randomBytes(30).toString('base64');
    expect(issues({ NODE_ENV: 'production', ...bucket, MEDIA_S3_SECRET_ACCESS_KEY: issued })).toBeUndefined();
    expect(
      issues({ NODE_ENV: 'development', ...bucket, MEDIA_S3_SECRET_ACCESS_KEY: 'minioadmin' }),
    ).toBeUndefined();
  });
});
