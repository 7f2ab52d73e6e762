/// <reference lib="dom" />
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { PlaybackSession } from '@app/contracts';
import { workspaceRoot } from '@app/local-infra';
import { benchApi, startBenchSystem } from './bench-system';

/**
 * `npm run bench:player` (issue 10, figure 2; issue 29 §4): headless Chromium with hls.js through the whole stack
 * as `npm start` runs it (nginx in front, streaming-service's checks, nginx sending the bytes): time from `loadSource` to the first rendered frame, and from a seek to the
 * next frame (requestVideoFrameCallback), unthrottled and at 20 Mbit/s with 40 ms latency. Medians of ROUNDS
 * fresh pages each. Not part of the tests.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const SEEK_TO = 12;

type Sample = { firstFrameMs: number; seekMs: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** One playback in a fresh page: hls.js from node_modules, the signed master playlist from the API. */
const measure = async (page: Page, hlsUrl: string): Promise<Sample> =>
  page.evaluate(
    async ({ source, seekTo }) => {
      type Hls = { loadSource(url: string): void; attachMedia(media: HTMLMediaElement): void };
      const HlsClass = (window as unknown as { Hls: new (config: object) => Hls }).Hls;
      const video = document.createElement('video');
      video.muted = true;
      document.body.append(video);
      const nextFrame = () =>
        new Promise<number>((resolve) => video.requestVideoFrameCallback((now) => resolve(now)));
      const hls = new HlsClass({ lowLatencyMode: false, capLevelToPlayerSize: true, backBufferLength: 30 });
      const started = performance.now();
      hls.loadSource(source);
      hls.attachMedia(video);
      const firstFrame = nextFrame();
      await video.play();
      const firstFrameMs = (await firstFrame) - started;
      await new Promise((resolve) => setTimeout(resolve, 500));
      const seekStarted = performance.now();
      const afterSeek = new Promise<number>((resolve) =>
        video.addEventListener('seeked', () => void nextFrame().then(resolve), { once: true }),
      );
      video.currentTime = seekTo;
      const seekMs = (await afterSeek) - seekStarted;
      return { firstFrameMs, seekMs };
    },
    { source: hlsUrl, seekTo: SEEK_TO },
  );

const main = async () => {
  const root = workspaceRoot(__dirname);
  const system = await startBenchSystem('bench-player', __dirname);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const api = benchApi(system.url);
    const { token } = await api.newViewer('player');
    const movie = await api.playableTitle();

    const results: Record<string, Sample[]> = { unthrottled: [], '20 Mbit/s, 40 ms': [] };
    for (const [profile, samples] of Object.entries(results)) {
      for (let round = 0; round < ROUNDS; round++) {
        const session = await api.json<PlaybackSession>(
          `/api/playback/${movie.id}`,
          { method: 'POST', body: '{}' },
          token,
        );
        const context = await browser.newContext({ baseURL: system.url });
        const page = await context.newPage();
        if (profile !== 'unthrottled') {
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: 40,
            downloadThroughput: (20 * 1_000_000) / 8,
            uploadThroughput: (20 * 1_000_000) / 8,
          });
        }
        // hls.js from the installed package, evaluated by the browser itself before the page's own scripts: a
        // <script> tag would be refused by the product's Content-Security-Policy (script-src 'self'), which stays
        // as strict as it is. The bundler names functions with a `__name` helper; the function sent to the page
        // needs it there too.
        await page.addInitScript({ path: path.join(root, 'node_modules/hls.js/dist/hls.min.js') });
        await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
        // A same-origin page, so the signed /stream URLs need no CORS.
        await page.goto('/api/health/live');
        samples.push(await measure(page, session.hlsUrl));
        await context.close();
        // Free the screen for the next round (a viewer without a plan has one).
        await fetch(`${system.url}/api/playback/heartbeat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            token: session.token,
            leaseId: session.leaseId,
            positionSeconds: 0,
            durationSeconds: session.durationSeconds,
            event: 'exit',
          }),
        });
      }
    }

    console.log(`\n## Start and seek in Chromium (hls.js ${ROUNDS} fresh pages per profile, medians)\n`);
    console.log(
      '| network | first frame ms (median) | seek → next frame ms (median) | first frame min–max | seek min–max |',
    );
    console.log('|---|---|---|---|---|');
    for (const [profile, samples] of Object.entries(results)) {
      const first = samples.map((s) => s.firstFrameMs);
      const seek = samples.map((s) => s.seekMs);
      console.log(
        `| ${profile} | ${median(first).toFixed(0)} | ${median(seek).toFixed(0)} | ${Math.min(...first).toFixed(0)}–${Math.max(...first).toFixed(0)} | ${Math.min(...seek).toFixed(0)}–${Math.max(...seek).toFixed(0)} |`,
      );
    }
    console.log(
      '\nGoals: first frame ≤ 1.0 s and seek ≤ 0.5 s, unthrottled (issue 10) and at 20 Mbit/s + 40 ms (issue 29).',
    );
  } finally {
    await browser.close();
    await system.stop();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
