import { existsSync, lstatSync } from 'node:fs';
import { mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { parseEnv, progressBar } from '@app/server-core';
import { Ffmpeg } from '../ffmpeg/ffmpeg.adapter';
import { X264Presets } from '../ffmpeg/transcode-args';
import { LocalMediaStore } from '../media/local-media-store';
import { MediaLayout } from '../media/media-layout';
import { generateSamples } from '../samples/sample-generator';

const seedEnvSchema = z.object({
  MEDIA_DIR: z.string().min(1).default('.data/media'),
  SAMPLE_COUNT: z.coerce.number().int().min(1).max(50).default(6),
  // 6 × 30 s at 1080p took 68 s here (ultrafast, 2 shared cores); 45 s films would pass the 90 s budget.
  SAMPLE_SECONDS: z.coerce.number().min(1).max(600).default(30),
  TRANSCODE_PRESET: z.enum(X264Presets).default('ultrafast'),
  /**
   * Throwaway media dirs (tests): samples are built once under `{cache}/{seconds}x{count}` and linked into
   * MEDIA_DIR, so each test run does not transcode them again.
   */
  SAMPLE_CACHE_DIR: z.string().min(1).optional(),
});

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

/** `node dist/apps/streaming-service/seed-media.js`: the sample films seeded titles play (idempotent). */
const main = async () => {
  const env = parseEnv(seedEnvSchema);
  const mediaDir = path.resolve(env.MEDIA_DIR);
  const cacheRoot = env.SAMPLE_CACHE_DIR
    ? path.resolve(env.SAMPLE_CACHE_DIR, `${env.SAMPLE_SECONDS}x${env.SAMPLE_COUNT}`)
    : null;
  const store = new LocalMediaStore(cacheRoot ?? mediaDir);
  const started = Date.now();
  const bar = progressBar('Sample films', env.SAMPLE_COUNT * env.SAMPLE_SECONDS);
  const report = await generateSamples(store, new Ffmpeg(), {
    count: env.SAMPLE_COUNT,
    seconds: env.SAMPLE_SECONDS,
    preset: env.TRANSCODE_PRESET,
    onProgress: (done) => bar.update(Math.floor(done)),
  });
  bar.finish();
  if (cacheRoot) await linkSamples(cacheRoot, mediaDir, env.SAMPLE_COUNT);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(
    `Sample films: ${report.generated} generated, ${report.present} already present (${env.SAMPLE_COUNT} × ${env.SAMPLE_SECONDS} s, ${env.TRANSCODE_PRESET}) in ${seconds} s${cacheRoot ? `, linked from ${cacheRoot}` : ''}.\n`,
  );
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
