import { existsSync, lstatSync } from 'node:fs';
import { cp, mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { parseEnv, progressBar } from '@app/server-core';
import { Ffmpeg } from '../ffmpeg/ffmpeg.adapter';
import { SEGMENT_SECONDS } from '../ffmpeg/ladder';
import { X264Presets } from '../ffmpeg/transcode-args';
import { LocalMediaStore } from '../media/local-media-store';
import { MediaLayout } from '../media/media-layout';
import type { MediaStore } from '../media/media-store';
import { checkMediaStoreEnv, mediaStoreEnvShape, openMediaStore } from '../media/media-store.config';
import { S3MediaStore } from '../media/s3-media-store';
import { generateSamples } from '../samples/sample-generator';
import { readSampleMarker, SAMPLE_MARKER } from '../samples/sample-library';

const seedEnvSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    /** The service's media store: MEDIA_DIR, or the bucket of MEDIA_S3_* (films are rendered locally, then stored). */
    ...mediaStoreEnvShape,
    SAMPLE_COUNT: z.coerce.number().int().min(1).max(50).default(6),
    // 6 × 30 s at 1080p took 68 s here (ultrafast, 2 shared cores); 45 s films would pass the 90 s budget.
    SAMPLE_SECONDS: z.coerce.number().min(1).max(600).default(30),
    TRANSCODE_PRESET: z.enum(X264Presets).default('ultrafast'),
    /**
     * Throwaway media dirs (tests): samples are built once under `{cache}/{seconds}x{count}` and linked into
     * MEDIA_DIR, so each test run does not transcode them again.
     */
    SAMPLE_CACHE_DIR: z.string().min(1).optional(),
  })
  .superRefine(checkMediaStoreEnv);

/** Links `samples/{n}` of the cache into the media dir (replacing whatever stale link is there). */
const linkSamples = async (cacheRoot: string, mediaDir: string, count: number) => {
  await mkdir(path.join(mediaDir, 'samples'), { recursive: true });
  for (let n = 1; n <= count; n++) {
    const link = path.join(mediaDir, MediaLayout.sampleDir(n));
    if (existsSync(link) || lstatSync(link, { throwIfNoEntry: false }))
      await rm(link, { recursive: true, force: true });
    await symlink(path.join(cacheRoot, MediaLayout.sampleDir(n)), link, 'dir');
  }
};

/** Copies the cached samples a bucket lacks into it (object storage cannot link to a local cache). */
const copySamples = async (cache: LocalMediaStore, store: MediaStore, count: number) => {
  let copied = 0;
  for (let n = 1; n <= count; n++) {
    if (await readSampleMarker(store, n)) continue;
    const scratch = await store.scratch();
    try {
      // putDirectory may move what it is given: it gets a copy, the cache stays.
      const copy = path.join(scratch.dir, 'sample');
      await cp(cache.localPath(MediaLayout.sampleDir(n)), copy, { recursive: true });
      await store.putDirectory(MediaLayout.sampleDir(n), copy, { last: [SAMPLE_MARKER] });
      copied++;
    } finally {
      await scratch.dispose();
    }
  }
  return copied;
};

/**
 * `node dist/apps/streaming-service/seed-media.js`: the sample films seeded titles play (idempotent). ffmpeg
 * renders each film in a local scratch dir; the result goes to the service's store, so with a bucket configured
 * every replica finds the same samples. With SAMPLE_CACHE_DIR (tests) the films are built once in that local
 * cache, then linked into MEDIA_DIR or copied into the bucket.
 */
const main = async () => {
  const env = parseEnv(seedEnvSchema);
  const cacheRoot = env.SAMPLE_CACHE_DIR
    ? // Keyed by what shapes the films, segment length included, so a change is never served from an old build.
      path.resolve(env.SAMPLE_CACHE_DIR, `${env.SAMPLE_SECONDS}x${env.SAMPLE_COUNT}-seg${SEGMENT_SECONDS}`)
    : null;
  const store = await openMediaStore(env);
  try {
    const cache = cacheRoot ? new LocalMediaStore(cacheRoot) : null;
    const started = Date.now();
    const bar = progressBar('Sample films', env.SAMPLE_COUNT * env.SAMPLE_SECONDS);
    const report = await generateSamples(cache ?? store, new Ffmpeg(), {
      count: env.SAMPLE_COUNT,
      seconds: env.SAMPLE_SECONDS,
      preset: env.TRANSCODE_PRESET,
      onProgress: (done) => bar.update(Math.floor(done)),
    });
    bar.finish();
    let stored = '';
    if (cache && store instanceof LocalMediaStore) {
      await linkSamples(cache.root, store.root, env.SAMPLE_COUNT);
      stored = `, linked from ${cache.root}`;
    } else if (cache) {
      stored = `, ${await copySamples(cache, store, env.SAMPLE_COUNT)} copied from ${cache.root} to the bucket`;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stderr.write(
      `Sample films: ${report.generated} generated, ${report.present} already present (${env.SAMPLE_COUNT} × ${env.SAMPLE_SECONDS} s, ${env.TRANSCODE_PRESET}) in ${seconds} s${stored}.\n`,
    );
  } finally {
    if (store instanceof S3MediaStore) store.onApplicationShutdown();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
