import { S3Client } from '@aws-sdk/client-s3';
import { requireStrongSecrets } from '@app/server-core';
import { z } from 'zod';
import { LocalMediaStore } from './local-media-store';
import type { MediaStore } from './media-store';
import { S3MediaStore } from './s3-media-store';

/** Compose and k8s pass unset settings as empty strings. */
const unsetIfBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * Where the media store is: the settings the service and the sample-film seed share (both parse them with their
 * own schema, once). Without `MEDIA_S3_BUCKET` the store is the local directory `MEDIA_DIR`.
 */
export const mediaStoreEnvShape = {
  /** The local media store's root (`.data/media` for `npm start`, a temp dir in tests); unused with a bucket. */
  MEDIA_DIR: z.string().min(1).default('.data/media'),
  /** S3-compatible object storage instead of MEDIA_DIR: every streaming replica then serves one library. */
  MEDIA_S3_BUCKET: unsetIfBlank(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z 0-9 . -)'),
  ),
  /** Keys live under this prefix in the bucket (`media/`), so one bucket can hold other things too. */
  MEDIA_S3_PREFIX: unsetIfBlank(
    z.string().regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, 'must be a relative path like media/'),
  ),
  /** The S3 API's URL for an S3-compatible server (MinIO, Ceph, R2, …); unset: AWS S3 in MEDIA_S3_REGION. */
  MEDIA_S3_ENDPOINT: unsetIfBlank(z.url({ protocol: /^https?$/ })),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  /** Both or neither; neither: the SDK's default chain (AWS_* variables, web identity / IRSA, instance role). */
  MEDIA_S3_ACCESS_KEY_ID: unsetIfBlank(z.string().min(1)),
  MEDIA_S3_SECRET_ACCESS_KEY: unsetIfBlank(z.string().min(1)),
  /** `on`: `endpoint/bucket/key` URLs (most S3-compatible servers); default `on` with an endpoint, else `off`. */
  MEDIA_S3_FORCE_PATH_STYLE: unsetIfBlank(z.enum(['on', 'off'])),
};

type MediaStoreEnv = z.infer<z.ZodObject<typeof mediaStoreEnvShape>> & { NODE_ENV?: string };

const S3_ONLY = [
  'MEDIA_S3_PREFIX',
  'MEDIA_S3_ENDPOINT',
  'MEDIA_S3_ACCESS_KEY_ID',
  'MEDIA_S3_SECRET_ACCESS_KEY',
  'MEDIA_S3_FORCE_PATH_STYLE',
] as const;

/** The settings that only make sense together; in production, a placeholder secret key refuses to boot. */
export const checkMediaStoreEnv = (env: MediaStoreEnv, ctx: z.RefinementCtx) => {
  if (env.MEDIA_S3_BUCKET === undefined) {
    for (const key of S3_ONLY)
      if (env[key] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'takes effect only with MEDIA_S3_BUCKET: set it too',
        });
    return;
  }
  const [id, secret] = [env.MEDIA_S3_ACCESS_KEY_ID, env.MEDIA_S3_SECRET_ACCESS_KEY];
  if ((id === undefined) !== (secret === undefined))
    ctx.addIssue({
      code: 'custom',
      path: [id === undefined ? 'MEDIA_S3_ACCESS_KEY_ID' : 'MEDIA_S3_SECRET_ACCESS_KEY'],
      message: 'set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither',
    });
  // Issued by the storage provider (or its admin): held to the bound of the other third-party keys.
  requireStrongSecrets({ NODE_ENV: env.NODE_ENV ?? 'development', ...env }, ctx, {
    MEDIA_S3_SECRET_ACCESS_KEY: { minBits: 64 },
  });
};

/** The S3 client of the settings: SDK checksums only where S3 requires them (what S3-compatible servers accept). */
export const s3ClientOf = (env: MediaStoreEnv) =>
  new S3Client({
    region: env.MEDIA_S3_REGION,
    endpoint: env.MEDIA_S3_ENDPOINT,
    forcePathStyle: (env.MEDIA_S3_FORCE_PATH_STYLE ?? (env.MEDIA_S3_ENDPOINT ? 'on' : 'off')) === 'on',
    credentials:
      env.MEDIA_S3_ACCESS_KEY_ID && env.MEDIA_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY }
        : undefined,
    // The SDK's default since 2025 signs streamed bodies as aws-chunked with CRC trailers, which many
    // S3-compatible servers store verbatim (s3rver did: 53 bytes of framing in a 100 kB object).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Delivery streams many ranges at once per replica; the SDK's default pool is 50 sockets.
    requestHandler: {
      connectionTimeout: 5_000,
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });

/** The store the settings name: the bucket (checked once, so a wrong setting fails the boot) or the local dir. */
export const openMediaStore = async (env: MediaStoreEnv): Promise<MediaStore> => {
  if (env.MEDIA_S3_BUCKET === undefined) return new LocalMediaStore(env.MEDIA_DIR);
  const prefix = env.MEDIA_S3_PREFIX ? `${env.MEDIA_S3_PREFIX.replace(/\/+$/, '')}/` : '';
  const store = new S3MediaStore(s3ClientOf(env), { bucket: env.MEDIA_S3_BUCKET, prefix });
  try {
    await store.assertBucket();
  } catch (error) {
    store.onApplicationShutdown();
    throw error;
  }
  return store;
};
