import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { findStablePort, workspaceRoot } from '@app/local-infra';
import type { Managed } from '../dev/processes';
import { startLogged, waitForHttp } from '../dev/processes';
import { benchApi, startBenchSystem } from './bench-system';

/**
 * The gateway's session cache (SESSION_CACHE_SECONDS): a signed-in read, `GET /api/recommend/trending` (the route
 * of the figure that asked for it: 1,788 req/s without a token, 731 with one), through two extra gateway processes
 * beside the system's own, identical but for SESSION_CACHE_SECONDS (5 and 0), plus the same route without a token.
 * The three rows are measured in turn, RUNS times, and their medians compared; the load average is printed before
 * and after (the machine is shared). Not a test. BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_RUNS tune it. Run:
 * `node tools/build/node-app.mjs bench-session-cache tools/bench/session-cache.bench.ts .cache/tools/bench-session-cache.js
 * && node --enable-source-maps .cache/tools/bench-session-cache.js` (after `npm run setup`).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROUTE = '/api/recommend/trending?limit=12';

type Figures = { rps: number; p50: number; p95: number; p99: number };

const measure = async (label: string, url: string, token?: string): Promise<Figures> => {
  const result = await autocannon({
    url: `${url}${ROUTE}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (result.non2xx || result.errors)
    throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const p97 = (result.latency as unknown as Record<string, number>).p97_5 ?? result.latency.p99;
  // autocannon reports p90 and p97.5; p95 lies between them.
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: (result.latency.p90 + p97) / 2,
    p99: result.latency.p99,
  };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Another gateway process with the system gateway's settings, on its own port, caching sessions for `seconds`. */
const startGatewayCopy = async (
  system: { processes: Managed[]; logDir: string },
  root: string,
  seconds: number,
) => {
  const original = system.processes.find((process) => process.name === 'api-gateway');
  if (!original) throw new Error('the system has no api-gateway process');
  const port = await findStablePort();
  const proc = startLogged(
    `api-gateway-session-cache-${seconds}`,
    'dist/apps/api-gateway/main.js',
    { ...original.env, PORT: String(port), SESSION_CACHE_SECONDS: String(seconds) },
    system.logDir,
    root,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health/live`, 60_000, () => proc.child.exitCode === null);
  return { proc, url };
};

const main = async () => {
  const root = workspaceRoot(__dirname);
  const system = await startBenchSystem('bench-session-cache', __dirname);
  const copies: Managed[] = [];
  try {
    const cached = await startGatewayCopy(system, root, 5);
    copies.push(cached.proc);
    const uncached = await startGatewayCopy(system, root, 0);
    copies.push(uncached.proc);
    const viewer = await benchApi(system.url).newViewer('session-cache');

    const rows = [
      { label: 'token, SESSION_CACHE_SECONDS=5', url: cached.url, token: viewer.token },
      { label: 'token, SESSION_CACHE_SECONDS=0', url: uncached.url, token: viewer.token },
      { label: 'no token', url: cached.url, token: undefined },
    ];
    console.log(`• Warming up each gateway (3 s each)…`);
    for (const row of rows)
      await autocannon({
        url: `${row.url}${ROUTE}`,
        connections: CONNECTIONS,
        duration: 3,
        headers: row.token ? { authorization: `Bearer ${row.token}` } : {},
      });

    const before = load();
    console.log(
      `• GET ${ROUTE}: ${RUNS} rounds of the 3 rows in turn, autocannon ${CONNECTIONS} connections, ${SECONDS} s each; load average ${before}\n`,
    );
    const figures = rows.map(() => [] as Figures[]);
    for (let run = 0; run < RUNS; run++)
      for (const [i, row] of rows.entries()) {
        const result = await measure(row.label, row.url, row.token);
        figures[i].push(result);
        console.log(
          `  round ${run + 1} ${row.label}: ${result.rps.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms`,
        );
      }
    const after = load();

    const medians = figures.map((runs) => ({
      rps: median(runs.map((f) => f.rps)),
      p50: median(runs.map((f) => f.p50)),
      p95: median(runs.map((f) => f.p95)),
      p99: median(runs.map((f) => f.p99)),
    }));
    console.log(
      `\n| GET ${ROUTE} (medians of ${RUNS}) | req/s | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|`,
    );
    for (const [i, row] of rows.entries())
      console.log(
        `| ${row.label} | ${medians[i].rps.toFixed(0)} | ${medians[i].p50.toFixed(1)} | ${medians[i].p95.toFixed(1)} | ${medians[i].p99.toFixed(1)} |`,
      );
    const [on, off, anonymous] = medians;
    console.log(
      `\ncache on / off: ${(on.rps / off.rps).toFixed(2)}× req/s, p95 ${(on.p95 / off.p95).toFixed(2)}×; ` +
        `cache on / no token: ${(on.rps / anonymous.rps).toFixed(2)}× req/s`,
    );
    const metrics = await (await fetch(`${cached.url}/metrics`)).text();
    const lookups = metrics.split('\n').filter((line) => line.startsWith('gateway_session_lookups_total{'));
    console.log(`session lookups at the cached gateway: ${lookups.join(', ')}`);
    console.log(`load average before ${before}, after ${after} (2 shared cores)`);
  } finally {
    for (const copy of copies) await copy.stop();
    await system.stop();
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
