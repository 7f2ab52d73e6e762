import { outboxEnvShape, requireStrongSecrets, serviceEnvSchema } from '@app/server-core';
import { z } from 'zod';
import { checkMediaStoreEnv, mediaStoreEnvShape } from './media/media-store.config';

const onOff = z.enum(['on', 'off']);

export const envSchema = serviceEnvSchema('streaming-service')
  .extend({
    /** MEDIA_DIR, or MEDIA_S3_* for object storage (media-store.config.ts). */
    ...mediaStoreEnvShape,
    /** Signs stream tokens and upload tickets (HMAC-SHA256); only this service holds it. */
    STREAM_TOKEN_SECRET: z.string().min(32),
    /**
     * Lifetime of a stream token (DECISIONS 35): every heartbeat of a live lease answers a fresh one, so a link
     * outlives its lease's last heartbeat by at most this long (delivery also refuses it once the lease ends).
     */
    STREAM_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(120),
    /** Largest upload an admin may send. */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(4 * 1024 ** 3),
    /**
     * The internal location of a byte server in front (nginx's `X-Accel-Redirect`, e.g. `/_media/`) that serves
     * MEDIA_DIR: delivery then checks the token and the lease and hands the file to it instead of sending the bytes
     * itself (issue 29 §4). Unset: this service sends them. Ignored with object storage.
     */
    STREAM_ACCEL_REDIRECT: z
      .string()
      .regex(/^\/[\w/-]*\/$/, 'must be a path that starts and ends with /')
      .optional(),
    /**
     * A second, plain node:http port answering only the stream checks (delivery-listener.ts), for the byte server
     * in front; uploads and health stay on HTTP_PORT.
     */
    STREAM_DELIVERY_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
    /**
     * The secret a byte server in front shares to check stream links on its own (nginx's `secure_link`, issue 29
     * §4): set, every token carries an edge link (playback/edge-link.ts) and segments and the MP4 never wait on this
     * service. Apart from STREAM_TOKEN_SECRET, so nginx holds nothing that signs tokens or upload tickets.
     */
    STREAM_EDGE_SECRET: z
      .string()
      .min(32)
      .regex(/^[\w-]+$/, 'must be letters, digits, _ or -')
      .optional(),
    /**
     * With STREAM_EDGE_SECRET: the directory where a lease's end is marked for the byte server (one empty file per
     * ended lease, kept for a token's lifetime), which refuses its edge links from then on. Left out where the byte
     * server cannot see this service's disk (k8s' stream edge reading the bucket): an ended lease's edge links then
     * last until its token expires (STREAM_TOKEN_TTL_SECONDS).
     */
    STREAM_EDGE_REVOKED_DIR: z.string().min(1).optional(),
    /** `on` (npm start, tests): seeded (demo) titles are mapped to the generated sample films. */
    SAMPLE_MEDIA: onOff.default('off'),
    /** How many transcodes run at once. */
    TRANSCODE_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
    /** x264 preset of the ladder (`veryfast` in production; `ultrafast` where time matters more than size). */
    TRANSCODE_PRESET: z
      .enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium'])
      .default('veryfast'),
    ...outboxEnvShape,
  })
  .superRefine((env, ctx) => {
    requireStrongSecrets(env, ctx, { STREAM_TOKEN_SECRET: {}, STREAM_EDGE_SECRET: {} });
    if (env.STREAM_EDGE_SECRET === undefined && env.STREAM_EDGE_REVOKED_DIR !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['STREAM_EDGE_REVOKED_DIR'],
        message: 'STREAM_EDGE_REVOKED_DIR needs STREAM_EDGE_SECRET (revocations of edge links nobody signs)',
      });
    }
    checkMediaStoreEnv(env, ctx);
  });
export type Env = z.infer<typeof envSchema>;
