import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { Types } from 'mongoose';
import type { EventPayload } from '@app/contracts';
import { EVENT_STREAM } from '@app/contracts';
import { createRedisClient } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { startServiceUnderTest, suiteInfra } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';

const run = promisify(execFile);

export const newMovieId = () => new Types.ObjectId().toHexString();

/** A clip made on the spot from lavfi sources (never a committed file): a test pattern with a tone. */
export const makeClip = async (
  file: string,
  {
    seconds,
    size,
    crf = 30,
    languages = [null],
  }: {
    seconds: number;
    size: string;
    crf?: number;
    /** One audio stream per entry, tagged with that language (null: untagged). */
    languages?: Array<string | null>;
  },
): Promise<string> => {
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=24`],
    ...languages.flatMap((_, i) => [
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${440 + 220 * i}:sample_rate=48000`,
    ]),
    ...languages.flatMap((_, i) => ['-map', `${i + 1}:a:0`]),
    ...['-map', '0:v:0'],
    ...languages.flatMap((language, i) => (language ? [`-metadata:s:a:${i}`, `language=${language}`] : [])),
    ...[
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      String(crf),
      '-pix_fmt',
      'yuv420p',
    ],
    ...['-c:a', 'aac', '-b:a', '64k', file],
  ]);
  return file;
};

/** An audio file of a tone `seconds` long, in `file`'s container (by its extension), made on the spot like clips. */
export const makeTone = async (file: string, seconds: number): Promise<string> => {
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=44100:duration=${seconds}`],
    ...['-ac', '1', file],
  ]);
  return file;
};

/** ffprobe's keyframe times of a file or playlist's first video stream. */
export const keyframeTimes = async (file: string): Promise<number[]> => {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-skip_frame', 'nokey'],
    ...['-show_entries', 'frame=pts_time', '-of', 'csv=p=0', file],
  ]);
  return stdout
    .split('\n')
    .map((line) => line.replace(/,+$/, '').trim())
    .filter(Boolean)
    .map(Number);
};

export const probeJson = async (file: string) => {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_streams',
    '-show_format',
    file,
  ]);
  return JSON.parse(stdout) as {
    streams: Array<{ codec_type: string; codec_name?: string; width?: number; height?: number }>;
    format: { duration: string };
  };
};

/** The answer: its status, its JSON body, and that body's bytes as sent (to compare two answers exactly). */
export type PutResult = { status: number; body: Record<string, unknown>; text: string };

/**
 * PUT with node:http rather than fetch: the service may answer (413) and close before the body is all sent,
 * and the answer is what the test wants, not the client's write error.
 */
export const put = (url: string, body: Buffer | Readable, headers: Record<string, string> = {}) =>
  new Promise<PutResult>((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method: 'PUT', headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          text,
        });
      });
    });
    req.on('error', (error) => {
      // EPIPE / ECONNRESET after the server refused and closed: the response, if any, decides.
      setTimeout(() => (answered ? undefined : reject(error)), 500);
    });
    if (Buffer.isBuffer(body)) req.end(body);
    else body.pipe(req);
  });

export const eventsOf = async <T extends 'media.ready'>(redisUrl: string, type: T, movieId: string) => {
  const redis = createRedisClient(redisUrl);
  try {
    const entries = await redis.xrange(EVENT_STREAM, '-', '+');
    return entries
      .map(
        ([, fields]) =>
          JSON.parse(fields[fields.indexOf('envelope') + 1]) as { type: string; payload: EventPayload<T> },
      )
      .filter((event) => event.type === type && event.payload.movieId === movieId)
      .map((event) => event.payload);
  } finally {
    redis.disconnect();
  }
};

/** How many `type` events the stream holds for each of `movieIds` (those with none are absent). */
export const allEventsOf = async (redisUrl: string, type: 'media.ready', movieIds: readonly string[]) => {
  const wanted = new Set(movieIds);
  const counts = new Map<string, number>();
  const redis = createRedisClient(redisUrl);
  try {
    for (const [, fields] of await redis.xrange(EVENT_STREAM, '-', '+')) {
      const event = JSON.parse(fields[fields.indexOf('envelope') + 1]) as {
        type: string;
        payload: EventPayload<'media.ready'>;
      };
      if (event.type === type && wanted.has(event.payload.movieId))
        counts.set(event.payload.movieId, (counts.get(event.payload.movieId) ?? 0) + 1);
    }
    return counts;
  } finally {
    redis.disconnect();
  }
};

export const waitFor = async <T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 45_000,
  everyMs = 100,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
};

export const STREAM_TOKEN_SECRET = 'test-secret-of-at-least-thirty-two-chars!';

/**
 * The real service (its whole AppModule) on a throwaway media dir, with a small upload limit; `env` adds
 * settings (the MEDIA_S3_* of a test's own S3 server).
 */
export const startPipelineService = async (
  suite: string,
  {
    uploadMaxBytes = 3_000_000,
    env: extra = {},
  }: { uploadMaxBytes?: number; env?: Record<string, string> } = {},
) => {
  const infra = suiteInfra(suite);
  const mediaDir = await mkdtemp(path.join(tmpdir(), `${suite}-`));
  const env = envSchema.parse({
    MONGODB_URI: infra.mongoUri,
    MONGODB_DB: infra.mongoDb,
    REDIS_URL: infra.redisUrl,
    MEDIA_DIR: mediaDir,
    STREAM_TOKEN_SECRET,
    UPLOAD_MAX_BYTES: String(uploadMaxBytes),
    SAMPLE_MEDIA: 'on',
    TRANSCODE_PRESET: 'ultrafast',
    ...extra,
  });
  const service: ServiceUnderTest = await startServiceUnderTest(
    'streaming-service',
    AppModule.register(env),
    infra.mongoUri,
  );
  return {
    service,
    env,
    mediaDir,
    redisUrl: infra.redisUrl,
    async close() {
      await service.close();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
};
