import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findFreePort, startMongo, startNats, startRedis, workspaceRoot } from '@app/local-infra';
import { runStep, startLogged, waitForHttp, type Managed } from '../dev/processes';
import { LAUNCHED_GATEWAY_ENV } from '../dev/system';
import { ensureDebianTools } from './debian-tools';

/**
 * `npm run bench:gateway-ab`: the gateway's own CPU per request for GET /api/movies, two gateway builds side by side
 * in one run (issue 29 §3). On a shared 2-core machine a single run's absolute figure drifts with everything else
 * running, so both builds run against the same catalogue service, NATS and Redis, in alternating rounds (A B, B A,
 * …), and the report gives each build's median and the ratio B/A. Each round sends plain requests and requests with
 * a browser's Accept-Encoding (the gateway then compresses). Builds are not made here:
 *   node tools/build/node-app.mjs api-gateway apps/api-gateway/src/main.ts dist/ab/base/main.js   (A, e.g. at main)
 *   node tools/build/node-app.mjs api-gateway                                                     (B, this tree)
 *   node tools/build/node-app.mjs catalogue-service (and its seed.js, as its project.json does)
 * GATEWAY_A / GATEWAY_B name other scripts, GATEWAYS more than two (e.g. the prototypes of http-layer.prototype.ts); GATEWAY_NODE_OPTIONS (e.g. `--require` of a profiler) goes to every build, GATEWAY_NODE_OPTIONS_B (_A, _C…) to one
 * instead (the same build with other V8 flags, for one).
 * BENCH_ROUNDS (6), BENCH_SECONDS (8), BENCH_CONNECTIONS (20). CATALOGUE names another catalogue build (its main.js;
 * the seed stays this tree's). The CPU per request of the processes behind the gateway (catalogue, nats-server,
 * redis-server) is reported by gateway build too, for what a change moves there.
 * Not part of the tests.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BROWSER_ENCODINGS = 'gzip, deflate, br';
const SCENARIOS = [
  { name: 'plain', acceptEncoding: undefined },
  { name: 'browser Accept-Encoding', acceptEncoding: BROWSER_ENCODINGS },
] as const;

/** CPU time (user + system, µs) of a process so far (Linux /proc; USER_HZ 100). */
const cpuMicros = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
};

const wrk = (url: string, seconds: number, acceptEncoding?: string) =>
  new Promise<{ requests: number; rps: number }>((resolve, reject) =>
    execFile(
      'wrk',
      [
        '-t2',
        `-c${CONNECTIONS}`,
        `-d${seconds}s`,
        ...(acceptEncoding ? ['-H', `Accept-Encoding: ${acceptEncoding}`] : []),
        url,
      ],
      { encoding: 'utf8' },
      (error, out) => {
        if (error) return reject(error);
        const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
        if (non2xx) return reject(new Error(`${url} answered ${non2xx} non-2xx`));
        resolve({
          requests: Number(/(\d+) requests in/.exec(out)?.[1]),
          rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
        });
      },
    ),
  );

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

type Gateway = { label: string; script: string; url: string; proc: Managed };

const main = async () => {
  ensureDebianTools(['wrk']);
  const root = workspaceRoot(__dirname);
  // GATEWAYS (comma-separated scripts) runs more than two builds, labelled A, B, C…; each is compared with A.
  const scripts: Record<string, string> = Object.fromEntries(
    (
      process.env.GATEWAYS?.split(',') ?? [
        process.env.GATEWAY_A ?? 'dist/ab/base/main.js',
        process.env.GATEWAY_B ?? 'dist/apps/api-gateway/main.js',
      ]
    ).map((script, i) => [String.fromCharCode(65 + i), script]),
  );
  const catalogueScript = process.env.CATALOGUE ?? 'dist/apps/catalogue-service/main.js';
  for (const script of [...Object.values(scripts), catalogueScript])
    if (!existsSync(path.join(root, script)))
      throw new Error(`${script} is not built (see this file's header)`);
  const dataDir = path.join(root, '.test-data', 'gateway-ab');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const logDir = path.join(dataDir, 'logs');
  const stops: Array<() => Promise<void>> = [];
  try {
    const mongo = await startMongo({});
    stops.push(() => mongo.stop());
    const redis = await startRedis({});
    stops.push(() => redis.stop());
    const nats = await startNats({});
    stops.push(() => nats.stop());
    const shared = {
      MONGODB_URI: mongo.uri,
      REDIS_URL: redis.url,
      NATS_URL: nats.url,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HTTP_HOST: '127.0.0.1',
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
    };
    await runStep('seed', process.execPath, ['dist/apps/catalogue-service/seed.js'], {
      cwd: root,
      env: { ...process.env, ...shared },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const cataloguePort = await findFreePort();
    const catalogue = startLogged(
      'catalogue-service',
      catalogueScript,
      { ...shared, HTTP_PORT: String(cataloguePort) },
      logDir,
      root,
    );
    stops.push(() => catalogue.stop());
    const nodeOptions = process.env.GATEWAY_NODE_OPTIONS ?? '';
    const gateways: Gateway[] = [];
    for (const [label, script] of Object.entries(scripts)) {
      const port = await findFreePort();
      const proc = startLogged(
        `gateway-${label}`,
        script,
        {
          ...LAUNCHED_GATEWAY_ENV,
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(port),
          REDIS_URL: redis.url,
          NATS_URL: nats.url,
          // The limits stay on (every request is counted) but never reached.
          RATE_LIMIT_PER_MINUTE: '100000000',
          RATE_LIMIT_BROWSE_PER_MINUTE: '100000000',
          NODE_OPTIONS: process.env[`GATEWAY_NODE_OPTIONS_${label}`] ?? nodeOptions,
        },
        logDir,
        root,
      );
      stops.push(() => proc.stop());
      gateways.push({ label, script, url: `http://127.0.0.1:${port}`, proc });
    }
    const path_ = '/api/movies?page=1&pageSize=24';
    // Not /api/health: it asks every service, and only the catalogue runs here.
    for (const gateway of gateways)
      await waitForHttp(`${gateway.url}${path_}`, 90_000, () => gateway.proc.child.exitCode === null);
    const samples = new Map<string, { cpu: number[]; rps: number[] }>();
    // The processes behind every gateway: what a change moves out of the gateway may land in one of them.
    const behind = [
      { name: `catalogue (${catalogueScript})`, pid: catalogue.child.pid },
      { name: 'nats-server', pid: nats.pid },
      { name: 'redis-server', pid: redis.pid },
    ].filter((process): process is { name: string; pid: number } => process.pid !== undefined);
    const behindCpu = new Map<string, number[]>();
    const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    for (const gateway of gateways) await wrk(`${gateway.url}${path_}`, 3);
    for (let round = 0; round < ROUNDS; round++) {
      // A B C, then B C A, C A B, …: each build in each place of a round alike.
      const order = gateways.map((_, i) => gateways[(i + round) % gateways.length]);
      for (const gateway of order)
        for (const scenario of SCENARIOS) {
          const pid = gateway.proc.child.pid as number;
          const before = cpuMicros(pid);
          const behindBefore = behind.map((process) => cpuMicros(process.pid));
          const { requests, rps } = await wrk(`${gateway.url}${path_}`, SECONDS, scenario.acceptEncoding);
          const cpu = (cpuMicros(pid) - before) / requests;
          behind.forEach((process, i) => {
            const key = `${gateway.label}|${process.name}`;
            behindCpu.set(key, [
              ...(behindCpu.get(key) ?? []),
              (cpuMicros(process.pid) - behindBefore[i]) / requests,
            ]);
          });
          const key = `${gateway.label}|${scenario.name}`;
          const entry = samples.get(key) ?? { cpu: [], rps: [] };
          entry.cpu.push(cpu);
          entry.rps.push(rps);
          samples.set(key, entry);
          console.log(
            `round ${round + 1} ${gateway.label} ${scenario.name}: ${cpu.toFixed(0)} µs/request, ${rps.toFixed(0)} req/s`,
          );
        }
    }
    console.log(
      `\nGET ${path_}, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s per build and scenario`,
    );
    for (const [label, script] of Object.entries(scripts)) console.log(`${label} = ${script}`);
    // Each round ran every build back to back: the median of the rounds' own ratios cancels most of the load's drift.
    console.log(
      '\n| scenario | build | µs/request (median) | ÷ A of medians | ÷ A per round (median, range) | req/s (median) |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const scenario of SCENARIOS) {
      const a = samples.get(`A|${scenario.name}`);
      if (!a) continue;
      for (const label of Object.keys(scripts)) {
        const b = samples.get(`${label}|${scenario.name}`);
        if (!b) continue;
        const ratios = b.cpu.map((cpu, round) => cpu / a.cpu[round]);
        console.log(
          `| ${scenario.name} | ${label} | ${median(b.cpu).toFixed(0)} | ${(median(b.cpu) / median(a.cpu)).toFixed(2)} | ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) | ${median(b.rps).toFixed(0)} |`,
        );
      }
    }
    const labels = Object.keys(scripts);
    console.log(
      `\nCPU per request behind the gateway, µs (medians of both scenarios' rounds, by gateway build)\n`,
    );
    console.log(`| process | ${labels.join(' | ')} |`);
    console.log(`|---|${labels.map(() => '---|').join('')}`);
    for (const process of behind)
      console.log(
        `| ${process.name} | ${labels.map((label) => median(behindCpu.get(`${label}|${process.name}`) ?? [NaN]).toFixed(0)).join(' | ')} |`,
      );
    const loadAfter = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(`\nLoad average before / after: ${loadBefore} / ${loadAfter}`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
