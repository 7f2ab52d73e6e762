import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { EdgeLinkShape, ServiceDefaults, StreamingRpc } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import {
  findFreePort,
  MEDIA_ACCEL_PREFIX,
  startFrontProxy,
  startMongo,
  startNats,
  startRedis,
  workspaceRoot,
} from '@app/local-infra';
import { runStep, startLogged, waitForHttp } from '../dev/processes';
import { ensureDebianTools } from './debian-tools';

/**
 * Figure 1 of issue 10, and issue 29 §4. Run: `npm run bench:stream`. Bytes served through the one URL of
 * `npm start` (nginx in front checks the token's edge link, its cap and its lease's revocation marker itself and
 * sends the file with sendfile; and, for comparison, the same URL with a token stripped of its edge link, which nginx
 * hands to streaming-service's check and then sends by X-Accel-Redirect), by streaming-service itself (its Express/Nest HTTP port), and by the same service
 * behind the gateway's `/stream` proxy (the one-origin path without nginx, FRONT_PROXY=off), against nginx serving
 * the same files with sendfile, measured by wrk in the same run. Two loads: 1 MiB random ranges of a ~30 s faststart MP4,
 * and whole 4 s fMP4 segments. A plain node:http + fs.createReadStream server in this process is a third line,
 * to show what the framework costs. Not part of the tests; the machine may be shared, so read ratios, not
 * absolute figures. BENCH_SECONDS, BENCH_CONNECTIONS tune wrk; BENCH_PAUSE=seconds prints the URLs and waits
 * before measuring, to poke at the servers by hand.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const RANGE_BYTES = 1024 * 1024;
const ASSET_DIR = 'samples/bench';
const root = workspaceRoot();

type Load = { label: string; script: (pathPrefix: Target) => string };
type Target = { label: string; base: string; mp4: string; segment: (name: string) => string };
type Figures = { rps: number; p50ms: number; p99ms: number; mibPerSecond: number; failures: number };

const ffmpeg = (args: string[]) =>
  runStep('ffmpeg', 'ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });

/** A ~30 s 480p film laid out as media-layout.ts lays out an asset: faststart MP4 and a one-rendition HLS tree. */
const generateMedia = async (mediaRoot: string) => {
  const dir = path.join(mediaRoot, ASSET_DIR);
  const hls = path.join(dir, 'hls', '480p');
  await mkdir(hls, { recursive: true });
  const mp4 = path.join(dir, 'video.mp4');
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=854x480:rate=24', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...[
      '-t',
      '30',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      '2500k',
      '-g',
      '48',
      '-keyint_min',
      '48',
    ],
    ...['-sc_threshold', '0', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', mp4],
  ]);
  await ffmpeg([
    ...['-i', mp4, '-c', 'copy', '-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod'],
    ...['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4'],
    ...['-hls_segment_filename', path.join(hls, 'seg_%05d.m4s'), path.join(hls, 'index.m3u8')],
  ]);
  await writeFile(
    path.join(dir, 'hls', 'master.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=2700000,RESOLUTION=854x480,CODECS="avc1.42c01e,mp4a.40.2"\n480p/index.m3u8\n',
  );
  const segments = (await readdir(hls)).filter((name) => name.endsWith('.m4s')).sort();
  const sizes = await Promise.all(segments.map(async (name) => (await stat(path.join(hls, name))).size));
  return {
    size: (await stat(mp4)).size,
    segments,
    segmentBytes: sizes.reduce((a, b) => a + b, 0) / sizes.length,
  };
};

const startNginx = async (work: string, mediaRoot: string) => {
  const port = await findFreePort();
  const prefix = path.join(work, 'nginx');
  await mkdir(prefix, { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  await writeFile(
    conf,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  types { video/mp4 mp4; video/iso.segment m4s; application/vnd.apple.mpegurl m3u8; }
  server { listen 127.0.0.1:${port}; root ${mediaRoot}; location / { } }
}
`,
  );
  const child = spawn('nginx', ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
  await waitForHttp(
    `http://127.0.0.1:${port}/${ASSET_DIR}/hls/master.m3u8`,
    10_000,
    () => child.exitCode === null,
  );
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) =>
        child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
      ),
  };
};

/** The reference of what Node itself can do: node:http and fs.createReadStream, one range, no framework. */
const startPlainNode = async (mediaRoot: string) => {
  const server: Server = createServer((req, res) => {
    const file = path.join(
      mediaRoot,
      decodeURIComponent((req.url ?? '/').split('?')[0]).replace(/\.\./g, ''),
    );
    stat(file).then(
      (stats) => {
        const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
        const start = match ? Number(match[1]) : 0;
        const end = match && match[2] ? Math.min(Number(match[2]), stats.size - 1) : stats.size - 1;
        res.writeHead(match ? 206 : 200, {
          'Content-Length': end - start + 1,
          'Accept-Ranges': 'bytes',
          ...(match ? { 'Content-Range': `bytes ${start}-${end}/${stats.size}` } : {}),
        });
        createReadStream(file, { start, end, highWaterMark: 512 * 1024 }).pipe(res);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const DONE = `done = function(summary, latency, requests)
  io.write(string.format("BENCH_JSON {\\"requests\\":%d,\\"duration\\":%d,\\"p50\\":%d,\\"p99\\":%d,\\"status\\":%d,\\"socket\\":%d,\\"bytes\\":%d}\\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, summary.bytes))
end
`;

const rangeScript = (mp4Path: string, size: number) => `math.randomseed(20260101)
local size, len, target = ${size}, ${RANGE_BYTES}, "${mp4Path}"
request = function()
  local s = math.random(0, size - len)
  return wrk.format("GET", target, { ["Range"] = "bytes=" .. s .. "-" .. (s + len - 1) })
end
${DONE}`;

const segmentScript = (paths: string[]) => `local paths, i = { ${paths.map((p) => `"${p}"`).join(', ')} }, 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
${DONE}`;

const runWrk = async (work: string, name: string, base: string, script: string): Promise<Figures> => {
  const file = path.join(work, `${name}.lua`);
  await writeFile(file, script);
  // Asynchronous: the plain node:http reference server lives in this process and must keep serving meanwhile.
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', [
      '-t1',
      `-c${CONNECTIONS}`,
      `-d${SECONDS}s`,
      '--timeout',
      '10s',
      '-s',
      file,
      base,
    ]);
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve(text));
  });
  const line = output.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk gave no figures for ${name}: ${output}`);
  const raw = JSON.parse(line.slice('BENCH_JSON '.length)) as Record<string, number>;
  const seconds = raw.duration / 1e6;
  return {
    rps: raw.requests / seconds,
    p50ms: raw.p50 / 1000,
    p99ms: raw.p99 / 1000,
    mibPerSecond: raw.bytes / seconds / 1024 / 1024,
    failures: raw.status + raw.socket,
  };
};

/** Checks that every target answers the same bytes before measuring, so no line measures an error page. */
const sameBytes = async (urls: string[], headers: Record<string, string>) => {
  const bodies = await Promise.all(
    urls.map(async (url) => {
      const res = await fetch(url, { headers });
      if (res.status >= 300) throw new Error(`${url} answered ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    }),
  );
  if (!bodies.every((body) => body.equals(bodies[0])))
    throw new Error(`targets disagree on ${JSON.stringify(headers)}`);
};

const main = async () => {
  ensureDebianTools(['wrk', 'nginx', 'ffmpeg']);
  const work = await mkdtemp(path.join(tmpdir(), 'stream-bytes-bench-'));
  const stops: Array<() => Promise<unknown>> = [];
  try {
    const mediaRoot = path.join(work, 'media');
    console.log('• Generating a 30 s 480p film, its MP4 and HLS segments (ffmpeg)…');
    const media = await generateMedia(mediaRoot);
    console.log(
      `  MP4 ${(media.size / 1024 / 1024).toFixed(1)} MiB; ${media.segments.length} segments of ${(media.segmentBytes / 1024).toFixed(0)} KiB on average`,
    );

    console.log(
      '• Building and starting streaming-service and the gateway (with Redis and the MongoDB-wire server)…',
    );
    for (const app of ['streaming-service', 'api-gateway'])
      await runStep('build', process.execPath, ['tools/build/node-app.mjs', app], { cwd: root });
    const [mongo, redis, nats] = await Promise.all([startMongo(), startRedis(), startNats()]);
    stops.push(
      () => mongo.stop(),
      () => redis.stop(),
      () => nats.stop(),
    );
    const db = ServiceDefaults['streaming-service'].db;
    const secret = randomBytes(32).toString('hex');
    // Both instances sign edge links (either may answer the bench's `open` over NATS); nginx checks them.
    const edge = {
      secret: randomBytes(32).toString('base64url'),
      revokedDir: path.join(work, 'revoked'),
      shape: EdgeLinkShape,
    };
    /** streaming-service as npm start runs it: sending the bytes itself, or handing them to nginx in front. */
    const startService = async (name: string, extra: Record<string, string> = {}) => {
      const port = await findFreePort();
      const proc = startLogged(
        name,
        'dist/apps/streaming-service/main.js',
        {
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          MONGODB_URI: mongo.uri,
          MONGODB_DB: db,
          REDIS_URL: redis.url,
          NATS_URL: nats.url,
          HTTP_HOST: '127.0.0.1',
          HTTP_PORT: String(port),
          MEDIA_DIR: mediaRoot,
          STREAM_TOKEN_SECRET: secret,
          STREAM_EDGE_SECRET: edge.secret,
          STREAM_EDGE_REVOKED_DIR: edge.revokedDir,
          ...extra,
        },
        path.join(work, 'logs'),
        root,
      );
      stops.unshift(() => proc.stop());
      await waitForHttp(`http://127.0.0.1:${port}/health`, 60_000, () => proc.child.exitCode === null);
      return port;
    };
    const ports = { http: await startService('streaming-service') };
    const checksPort = await findFreePort();
    const accelPort = await startService('streaming-service-accel', {
      STREAM_ACCEL_REDIRECT: MEDIA_ACCEL_PREFIX,
      STREAM_DELIVERY_PORT: String(checksPort),
    });
    const serviceUrl = `http://127.0.0.1:${ports.http}`;
    const gatewayPort = await findFreePort();
    const gateway = startLogged(
      'api-gateway',
      'dist/apps/api-gateway/main.js',
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(gatewayPort),
        STREAMING_HTTP_URL: serviceUrl,
        NATS_URL: nats.url,
      },
      path.join(work, 'logs'),
      root,
    );
    stops.unshift(() => gateway.stop());
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitForHttp(`${gatewayUrl}/api/health/live`, 60_000, () => gateway.child.exitCode === null);

    const movieId = randomBytes(12).toString('hex');
    await registerAsset(mongo.uri, db, movieId);
    const client = ServiceClient.connect('streaming-service', { url: nats.url }, { timeoutMs: 10_000 });
    // A link lives only with its lease (DECISIONS 35), and nothing heartbeats here: each measured line gets a
    // fresh playback (a new viewer's lease and token), so no line outlives its lease.
    const open = () =>
      client.send(StreamingRpc.open, {
        userId: randomBytes(12).toString('hex'),
        sessionId: 'bench',
        movieId,
        title: 'Bench film',
        quality: 'best',
        screens: 1,
        deviceLabel: 'wrk',
        classification: 'U',
      });
    stops.unshift(() => client.close());
    let playback = await open();

    const nginx = await startNginx(work, mediaRoot);
    stops.unshift(() => nginx.stop());
    // The one URL of npm start: nginx in front, streaming-service deciding, nginx sending (one worker, like the
    // reference nginx and like Node's one event loop).
    const front = await startFrontProxy({
      dir: path.join(work, 'front-proxy'),
      port: await findFreePort(),
      host: '127.0.0.1',
      gatewayPort,
      streamingPort: accelPort,
      streamChecksPort: checksPort,
      mediaDir: mediaRoot,
      workers: 1,
      edge,
    });
    stops.unshift(() => front.stop());
    const plain = await startPlainNode(mediaRoot);
    stops.unshift(() => plain.stop());

    /**
     * A target behind the stream checks: its URLs are the current playback's. `edge: false` strips the token's edge
     * fields (the token streaming-service checks is whole without them), so nginx asks streaming-service.
     */
    const checked = (label: string, base: string, edge = true): Target & { checked: true } => {
      const token = () => (edge ? playback.token : playback.token.split('.').slice(0, 2).join('.'));
      return {
        label,
        base,
        checked: true,
        get mp4() {
          return playback.mp4Url.replace(playback.token, token());
        },
        segment: (name) =>
          `${playback.hlsUrl.replace(/\/master\.m3u8$/, '').replace(playback.token, token())}/480p/${name}`,
      };
    };
    const targets: Array<Target & { checked?: true }> = [
      checked('streaming-service', serviceUrl),
      checked('gateway /stream proxy → streaming-service', gatewayUrl),
      checked('one URL: nginx → streaming-service check (X-Accel-Redirect) → sendfile', front.url, false),
      checked('one URL: nginx checks the edge link → sendfile (npm start)', front.url),
      {
        label: 'nginx (sendfile)',
        base: nginx.url,
        mp4: `/${ASSET_DIR}/video.mp4`,
        segment: (name) => `/${ASSET_DIR}/hls/480p/${name}`,
      },
      {
        label: 'plain node:http',
        base: plain.url,
        mp4: `/${ASSET_DIR}/video.mp4`,
        segment: (name) => `/${ASSET_DIR}/hls/480p/${name}`,
      },
    ];
    await sameBytes(
      targets.map((t) => `${t.base}${t.mp4}`),
      { Range: 'bytes=1000000-2048575' },
    );
    await sameBytes(
      targets.map((t) => `${t.base}${t.segment(media.segments[1])}`),
      {},
    );

    const loads: Load[] = [
      { label: '1 MiB random ranges of the MP4', script: (t) => rangeScript(t.mp4, media.size) },
      { label: 'whole HLS segments', script: (t) => segmentScript(media.segments.map(t.segment)) },
    ];
    if (process.env.BENCH_PAUSE) {
      console.log(
        JSON.stringify({
          serviceUrl,
          gatewayUrl,
          nginx: nginx.url,
          plain: plain.url,
          playback,
          segments: media.segments,
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_PAUSE) * 1000));
    }
    console.log(
      `• wrk -t1 -c${CONNECTIONS} -d${SECONDS}s per line; nginx with 1 worker, like Node's one event loop; 2 shared cores.\n`,
    );
    for (const load of loads) {
      console.log(
        `### ${load.label}\n| server | req/s | MiB/s | p50 ms | p99 ms | failed | vs nginx |\n|---|---|---|---|---|---|---|`,
      );
      const results: Array<[Target, Figures]> = [];
      for (const target of targets) {
        if (target.checked) playback = await open();
        results.push([
          target,
          await runWrk(
            work,
            `${target.label}-${load.label}`.replace(/\W+/g, '-'),
            target.base,
            load.script(target),
          ),
        ]);
      }
      const reference = results.find(([t]) => t.label.startsWith('nginx'))?.[1];
      for (const [target, f] of results) {
        const ratio = reference ? `${(f.rps / reference.rps).toFixed(2)}×` : '';
        console.log(
          `| ${target.label} | ${f.rps.toFixed(0)} | ${f.mibPerSecond.toFixed(0)} | ${f.p50ms.toFixed(2)} | ${f.p99ms.toFixed(2)} | ${f.failures} | ${ratio} |`,
        );
      }
      console.log('');
    }
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
};

/** Records the bench film as a ready asset (the shape of src/media/asset.schema.ts), as a finished transcode does. */
const registerAsset = async (mongoUri: string, db: string, movieId: string) => {
  const connection = await mongoose.createConnection(mongoUri, { dbName: db }).asPromise();
  try {
    const now = new Date();
    await connection.collection('assets').insertOne({
      ...{ movieId, status: 'ready', progress: 100, etaSeconds: null, error: null, source: 'sample' },
      ...{ sourceName: 'bench', dir: ASSET_DIR, readyAt: now, durationSeconds: 30, renditions: ['480p'] },
      ...{ hasMp4: true, hasTrickplay: false, probe: null, pending: null, announcedAt: now, updatedAt: now },
    });
  } finally {
    await connection.close();
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
