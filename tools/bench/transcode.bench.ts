import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
/* eslint-disable @nx/enforce-module-boundaries -- the bench drives the app's adapter itself (Nx forbids importing an app) */
import { Ffmpeg, fluentCommandOf } from '@app/streaming-service/ffmpeg/ffmpeg.adapter';
import { planLadder } from '@app/streaming-service/ffmpeg/ladder';
import type { X264Preset } from '@app/streaming-service/ffmpeg/transcode-args';
import {
  X264Presets,
  transcodeCommand,
  trickplayFramesDir,
  trickplayTileCommand,
} from '@app/streaming-service/ffmpeg/transcode-args';
/* eslint-enable @nx/enforce-module-boundaries */

/**
 * The transcode pipeline (Ffmpeg.transcode through fluent-ffmpeg: probe, the main ladder command with progress
 * parsing, the HLS fix-up, the trickplay tiling step and index) against the bare main ffmpeg command with the
 * very argument list the adapter has fluent-ffmpeg run, on the same generated 1080p clip, alternating so both
 * share the machine's noise. The tiling step (single trickplay frames into 10 × 10 sheets, a second short ffmpeg
 * run) is part of the pipeline only, so its cost counts as overhead; it is also timed alone on the bare run's
 * frames, outside the bare figure, to show its share. Not part of the tests:
 *   node tools/build/node-app.mjs transcode-bench tools/bench/transcode.bench.ts .cache/tools/transcode-bench.js
 *   node .cache/tools/transcode-bench.js
 * BENCH_SECONDS (20), BENCH_PRESET (ultrafast), BENCH_ROUNDS (2).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PRESET = (process.env.BENCH_PRESET ?? 'ultrafast') as X264Preset;
const FPS = 24;

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;

/** A 1080p film with sound, rendered from lavfi once and kept as the input of every run. */
const makeClip = (file: string) =>
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=${FPS}`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...[
      '-t',
      String(SECONDS),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
    ],
    ...['-c:a', 'aac', file],
  ]);

const spawnFfmpeg = (args: string[], what: string) =>
  new Promise<void>((resolve, reject) =>
    spawn('ffmpeg', args, { stdio: 'ignore' })
      .on('error', reject)
      .on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} exited with ${code}`)))),
  );

/** The adapter's own main command for this input, as fluent-ffmpeg spawns it, run without Node in the way. */
const bare = async (input: string, outDir: string): Promise<number> => {
  await rm(outDir, { recursive: true, force: true });
  await Promise.all(
    [
      ...planLadder(1080).map((rung) => path.join(outDir, 'hls', rung.rendition)),
      trickplayFramesDir(outDir),
    ].map((dir) => mkdir(dir, { recursive: true })),
  );
  const args = fluentCommandOf(
    transcodeCommand({
      source: { kind: 'file', path: input, container: 'mov' },
      outDir,
      preset: PRESET,
      rungs: planLadder(1080),
      fps: FPS,
      audio: [{ input: '0:a:0', track: { language: 'und', name: 'Original', isDefault: true } }],
      progress: true,
    }),
  )._getArguments();
  const started = process.hrtime.bigint();
  await spawnFfmpeg(args, 'bare ffmpeg');
  return seconds(started);
};

/** The adapter's tiling step alone, on the frames a bare run left (not part of the bare figure). */
const tiling = async (outDir: string): Promise<number> => {
  const args = fluentCommandOf(trickplayTileCommand(outDir))._getArguments();
  const started = process.hrtime.bigint();
  await spawnFfmpeg(args, 'tiling ffmpeg');
  return seconds(started);
};

const pipeline = async (input: string, outDir: string): Promise<number> => {
  const started = process.hrtime.bigint();
  let updates = 0;
  await new Ffmpeg().transcode({ kind: 'file', path: input }, outDir, {
    preset: PRESET,
    onProgress: () => updates++,
  });
  if (updates === 0) throw new Error('the pipeline reported no progress');
  return seconds(started);
};

const main = async () => {
  if (!X264Presets.includes(PRESET)) throw new Error(`BENCH_PRESET must be one of ${X264Presets.join(', ')}`);
  const work = await mkdtemp(path.join(tmpdir(), 'transcode-bench-'));
  try {
    const input = path.join(work, 'input.mp4');
    makeClip(input);
    const runs: Record<'bare' | 'pipeline' | 'tiling', number[]> = { bare: [], pipeline: [], tiling: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      runs.bare.push(await bare(input, path.join(work, 'bare')));
      runs.tiling.push(await tiling(path.join(work, 'bare')));
      runs.pipeline.push(await pipeline(input, path.join(work, 'pipeline')));
      console.log(
        `round ${round}: bare ${runs.bare[round - 1].toFixed(2)} s, pipeline ${runs.pipeline[round - 1].toFixed(2)} s ` +
          `(tiling step alone ${runs.tiling[round - 1].toFixed(3)} s)`,
      );
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const [b, p, t] = [mean(runs.bare), mean(runs.pipeline), mean(runs.tiling)];
    console.log(
      `${SECONDS} s 1080p clip, preset ${PRESET}, ${ROUNDS} rounds: bare ${b.toFixed(2)} s, ` +
        `pipeline ${p.toFixed(2)} s, overhead ${((p / b - 1) * 100).toFixed(1)} % ` +
        `(tiling step, counted in the pipeline, ${t.toFixed(3)} s = ${((t / b) * 100).toFixed(1)} % of bare)`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
