import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, setPriority } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import type {
  Checkout,
  CheckoutConfig,
  Entitlement,
  HeartbeatReply,
  Movie,
  Page,
  PlaybackSession,
} from '@app/contracts';
import { EVENT_STREAM, MovieAccess } from '@app/contracts';
import { DEAD_LETTER_STREAM } from '@app/server-core';
import { solveAltcha, type AltchaChallenge } from '@app/server-testing/altcha';
import type { RunningSystem } from '../dev/system';
import { benchApi, percentile, seededRandom, sleep, startBenchSystem, type Random } from './bench-system';

/**
 * `npm run bench:soak` (issue 15, part 4): the whole system under a steady mixed load. SOAK_REQUESTS requests
 * (default 50,000; `--quick` makes it 2,000) arrive open-loop at SOAK_RATE per second (default 500): each is sent
 * at its scheduled time whether or not earlier ones have answered, so a slow system shows up as latency and
 * backlog, not as a lower offered rate; latency counts from the scheduled time. At most SOAK_MAX_IN_FLIGHT (2,000)
 * are in flight; one that would exceed it is not sent and counts as an error.
 * Every 5 s it samples each process's RSS and CPU (/proc), then prints latency per kind and route, the errors with
 * sample bodies, memory per process (after warm-up, end, max, least-squares slope over the second half) and where
 * the CPU went. Exits 1 when any request failed or a Node process's memory is not flat, so it can serve as a check.
 * SOAK_RATE=100,200,300 runs one stage of SOAK_REQUESTS per rate on one system and ends with a summary of them.
 * `--capacity` (issue 29 §2) first finds the highest rate served with 0 errors (short stages of
 * SOAK_CAPACITY_STAGE_SECONDS from SOAK_CAPACITY_START req/s, each SOAK_CAPACITY_STEP times the last, until one has
 * an error (a shed 503 included) or a p99 over the admitted goal, 500 ms, after one unjudged warm-up stage;
 * SOAK_CAPACITY=<rate> skips the search), then sends SOAK_REQUESTS at twice that rate and
 * judges the overload: shed answers (503 with Retry-After) p99 ≤ 50 ms, admitted answers p99 ≤ 500 ms, no error
 * other than the shed 503s, no Node process's memory growing. With SOAK_FRONT_CAPS=24,64 it compares nginx's `/api`
 * limits instead: the overload stage once per limit in turn, SOAK_CAP_ROUNDS times (default 2: A B A B), nginx
 * reloaded with each on the one system, so a shared machine's drifting speed weighs on every limit alike.
 * Run: `npm run bench:soak` (or `-- --quick`), or after `npm run setup`:
 * `node tools/build/node-app.mjs bench-soak tools/bench/soak.bench.ts .cache/tools/bench-soak.js &&
 * node --enable-source-maps .cache/tools/bench-soak.js --quick`.
 */
const QUICK = process.argv.includes('--quick');
/** One rate, or several (`SOAK_RATE=100,200,300`): stages run in turn on the same system, to find what it sustains. */
const RATES = (process.env.SOAK_RATE ?? '500').split(',').map(Number);
const REQUESTS = Number(process.env.SOAK_REQUESTS ?? (QUICK ? 2_000 : 50_000));
const CAPACITY = process.argv.includes('--capacity');
/** nginx `/api` limits to compare at twice the capacity (with `--capacity`), and how many rounds of them. */
const FRONT_CAPS = (process.env.SOAK_FRONT_CAPS ?? '').split(',').filter(Boolean).map(Number);
const CAP_ROUNDS = Number(process.env.SOAK_CAP_ROUNDS ?? 2);
/** A known capacity (req/s): skips the search. */
const KNOWN_CAPACITY = process.env.SOAK_CAPACITY ? Number(process.env.SOAK_CAPACITY) : undefined;
const CAPACITY_START = Number(process.env.SOAK_CAPACITY_START ?? 50);
const CAPACITY_STEP = Number(process.env.SOAK_CAPACITY_STEP ?? 1.25);
const CAPACITY_STAGE_SECONDS = Number(process.env.SOAK_CAPACITY_STAGE_SECONDS ?? (QUICK ? 5 : 15));
/** Goals of the overload stage (issue 29 §2). */
const SHED_P99_GOAL_MS = 50;
const ADMITTED_P99_GOAL_MS = 500;
const MAX_IN_FLIGHT = Number(process.env.SOAK_MAX_IN_FLIGHT ?? 2_000);
/**
 * The overload stage lasts at least this long (SOAK_OVERLOAD_SECONDS), whatever SOAK_REQUESTS: memory is judged by
 * each service's live set after at least MIN_LIVE_POINTS major collections, and at twice a high capacity 50,000
 * requests pass in under a minute, too short for a lightly loaded service to collect that often. At 950 req/s,
 * streaming-service collected 1-2 times in three of seven 53-100 s stages (judged on RSS, which V8's heap sizing
 * grows), and 3-5 times in the others and in 200 s, its live set flat each time.
 */
const OVERLOAD_MIN_SECONDS = Number(process.env.SOAK_OVERLOAD_SECONDS ?? (QUICK ? 0 : 200));
const VIEWERS = Number(process.env.SOAK_VIEWERS ?? 48);
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 5) * 1000;
const TIMEOUT_MS = 30_000;
/** The first fifth of the requests warm the JIT, caches and pools; memory is judged after it. */
const WARM_UP_SHARE = 0.2;
/**
 * A Node process's RSS is "not flat" when, over the second half, it rises faster than this (MB per 10,000 requests)
 * AND ends more than MIN_GROWTH_MB above its after-warm-up figure. 4 MB per 10,000 is 400 bytes kept per request
 * if the process saw all of them (the gateway does): 20 MB over 50,000, a leak that matters at a million a day. The
 * growth floor keeps the garbage collector's own swings (V8's young generation alone is up to 48 MB, and old space
 * grows in steps before a major GC) from reading as a trend. SOAK_MAX_SLOPE_MB overrides the slope.
 */
const MAX_SLOPE_MB = Number(process.env.SOAK_MAX_SLOPE_MB ?? 4);
const MIN_GROWTH_MB = 16;
/** The live set's growth floor: its readings carry no young-generation garbage, so a smaller floor than RSS's. */
const MIN_LIVE_GROWTH_MB = 8;
/**
 * A slope needs this many second-half samples spanning this many requests; a shorter run (the quick mode, a short
 * stage) extrapolates the collector's swings into a trend, so its memory is reported, not judged.
 */
const MIN_SLOPE_SAMPLES = 4;
const MIN_SLOPE_REQUESTS = 10_000;
const DRAIN_TIMEOUT_MS = 120_000;
/** CPU with no requests (consumers polling, timers, the JVM): what the system spends before serving anyone. */
const IDLE_MS = 10_000;
/** After a stage and its events, a pause before one more RSS sample: memory held by a backlog should be given back. */
const COOL_DOWN_MS = 20_000;
const SETTLE_TIMEOUT_MS = 15 * 60_000;

type Kind = 'browse' | 'sign-in' | 'playback start' | 'progress report' | 'favourites' | 'viewer reads';

type Viewer = {
  id: string;
  token: string;
  email: string;
  password: string;
  /** One client address per viewer, as a person at home has. */
  ip: string;
  /** What this viewer plays (a free title, or the premium one they bought): the same session and title keep one lease. */
  title: Movie;
  playback: { token: string; leaseId: string; durationSeconds: number };
  position: number;
  favourites: Set<string>;
  /** Titles with a favourites request in flight: a person does not add and remove the same title at once. */
  busy: Set<string>;
};

type Context = {
  titles: Movie[];
  genres: string[];
  searchTerms: string[];
  viewers: Viewer[];
  /** Captchas solved before a stage for its sign-ins (see `solveCaptchas`). */
  captchas: Array<{ token: string; solvedAt: number }>;
  fetchCaptcha: () => Promise<string>;
};

/** One HTTP request of the mix. `check` turns a 2xx answer the client would still treat as a failure into an error. */
type Planned = {
  route: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  token?: string;
  ip: string;
  check?: (body: string) => string | null;
  settle?: (ok: boolean, body: string) => void;
};

type Action = {
  kind: Kind;
  /** Share of the requests, in per cent. */
  weight: number;
  plan: (ctx: Context, random: Random) => Planned | Promise<Planned>;
};

const pick = <T>(items: readonly T[], random: Random): T => items[Math.floor(random() * items.length)];
const anonymousIp = (random: Random) => `10.77.${Math.floor(random() * 8)}.${Math.floor(random() * 250) + 1}`;

/** Favourites: add a title not in the list, or (half the time, or when the list is long) remove one that is. */
const favouriteToggle = (ctx: Context, random: Random): Planned => {
  const viewer = pick(ctx.viewers, random);
  const removable = [...viewer.favourites].filter((id) => !viewer.busy.has(id));
  const remove = removable.length > 0 && (random() < 0.5 || removable.length >= 20);
  const movieId = remove
    ? pick(removable, random)
    : pick(
        ctx.titles.filter((t) => !viewer.favourites.has(t.id) && !viewer.busy.has(t.id)),
        random,
      ).id;
  viewer.busy.add(movieId);
  const settle = (ok: boolean) => {
    viewer.busy.delete(movieId);
    if (ok && remove) viewer.favourites.delete(movieId);
    if (ok && !remove) viewer.favourites.add(movieId);
  };
  return remove
    ? {
        route: 'DELETE /api/users/:id/favorites/:movieId',
        method: 'DELETE',
        path: `/api/users/${viewer.id}/favorites/${movieId}`,
        token: viewer.token,
        ip: viewer.ip,
        settle,
      }
    : {
        route: 'POST /api/users/:id/favorites',
        method: 'POST',
        path: `/api/users/${viewer.id}/favorites`,
        body: { movieId },
        token: viewer.token,
        ip: viewer.ip,
        settle,
      };
};

/** The mix, in per cent of requests (sums to 100). Progress reports lead: every playing viewer sends one each 10 s. */
const ACTIONS: Action[] = [
  {
    kind: 'browse',
    weight: 15,
    plan: (ctx, random) => {
      const filter = random();
      const extra =
        filter < 0.3
          ? `&genre=${encodeURIComponent(pick(ctx.genres, random))}`
          : filter < 0.6
            ? `&sort=${pick(['popular', 'newest', 'top-rated', 'title'], random)}`
            : '';
      return {
        route: 'GET /api/movies (list page)',
        method: 'GET',
        path: `/api/movies?page=${1 + Math.floor(random() * 5)}&pageSize=24${extra}`,
        ip: anonymousIp(random),
      };
    },
  },
  {
    kind: 'browse',
    weight: 4,
    plan: (_, random) => ({
      route: 'GET /api/movies/sections',
      method: 'GET',
      path: '/api/movies/sections',
      ip: anonymousIp(random),
    }),
  },
  {
    kind: 'browse',
    weight: 12,
    plan: (ctx, random) => {
      const viewer = pick(ctx.viewers, random);
      return {
        route: 'GET /api/movies/:id',
        method: 'GET',
        path: `/api/movies/${pick(ctx.titles, random).id}`,
        token: viewer.token,
        ip: viewer.ip,
      };
    },
  },
  {
    kind: 'browse',
    weight: 3,
    plan: (ctx, random) => {
      const viewer = pick(ctx.viewers, random);
      return {
        route: 'GET /api/entitlements/:id',
        method: 'GET',
        path: `/api/entitlements/${pick(ctx.titles, random).id}`,
        token: viewer.token,
        ip: viewer.ip,
      };
    },
  },
  {
    kind: 'browse',
    weight: 5,
    plan: (_, random) => ({
      route: 'GET /api/series (list page)',
      method: 'GET',
      path: `/api/series?page=${1 + Math.floor(random() * 2)}&pageSize=24`,
      ip: anonymousIp(random),
    }),
  },
  {
    kind: 'browse',
    weight: 5,
    plan: (ctx, random) => ({
      route: 'GET /api/movies?search=',
      method: 'GET',
      path: `/api/movies?search=${encodeURIComponent(pick(ctx.searchTerms, random))}&page=1&pageSize=24`,
      ip: anonymousIp(random),
    }),
  },
  {
    // argon2id (19 MiB, 2 passes) per sign-in: rare, as in life (a session lasts 7 days).
    kind: 'sign-in',
    weight: 0.2,
    plan: async (ctx, random) => {
      const viewer = pick(ctx.viewers, random);
      const captcha = ctx.captchas.shift();
      // A challenge lives 10 minutes; a slow run solves a fresh one (and the sign-in's latency shows it).
      const recaptchaToken =
        captcha && Date.now() - captcha.solvedAt < 9 * 60_000 ? captcha.token : await ctx.fetchCaptcha();
      return {
        route: 'POST /api/auth/login',
        method: 'POST',
        path: '/api/auth/login',
        body: { email: viewer.email, password: viewer.password, recaptchaToken },
        ip: viewer.ip,
      };
    },
  },
  {
    kind: 'playback start',
    weight: 5,
    plan: (ctx, random) => {
      const viewer = pick(ctx.viewers, random);
      return {
        route: 'POST /api/playback/:id',
        method: 'POST',
        path: `/api/playback/${viewer.title.id}`,
        body: {},
        token: viewer.token,
        ip: viewer.ip,
        settle: (ok, body) => {
          if (!ok) return;
          const session = JSON.parse(body) as PlaybackSession;
          viewer.playback = {
            token: session.token,
            leaseId: session.leaseId,
            durationSeconds: session.durationSeconds ?? 20,
          };
        },
      };
    },
  },
  {
    kind: 'progress report',
    weight: 27.8,
    plan: (ctx, random) => {
      const viewer = pick(ctx.viewers, random);
      const { token, leaseId, durationSeconds } = viewer.playback;
      viewer.position = (viewer.position + 1) % Math.max(1, Math.floor(durationSeconds));
      const draw = random();
      return {
        route: 'POST /api/playback/heartbeat',
        method: 'POST',
        path: '/api/playback/heartbeat',
        body: {
          token,
          leaseId,
          positionSeconds: viewer.position,
          durationSeconds,
          event: draw < 0.05 ? 'pause' : draw < 0.1 ? 'seek' : 'tick',
          watchedSeconds: 1,
        },
        ip: viewer.ip,
        // The viewer's one lease is renewed far inside its 45 s: losing it would stop their player. Each report
        // answers a fresh stream token, which the next carries, as the player does (DECISIONS 35).
        check: (body) => {
          const reply = JSON.parse(body) as HeartbeatReply;
          if (reply.token) viewer.playback = { ...viewer.playback, token: reply.token };
          return reply.leaseActive ? null : 'lease lost (leaseActive: false)';
        },
      };
    },
  },
  { kind: 'favourites', weight: 8, plan: favouriteToggle },
  {
    kind: 'favourites',
    weight: 3,
    plan: (ctx, random) => {
      const viewer = pick(ctx.viewers, random);
      return {
        route: 'GET /api/users/:id/favorites',
        method: 'GET',
        path: `/api/users/${viewer.id}/favorites`,
        token: viewer.token,
        ip: viewer.ip,
      };
    },
  },
  {
    kind: 'viewer reads',
    weight: 7,
    plan: (ctx, random) => {
      const viewer = pick(ctx.viewers, random);
      return {
        route: 'GET /api/users/:id/continue-watching',
        method: 'GET',
        path: `/api/users/${viewer.id}/continue-watching`,
        token: viewer.token,
        ip: viewer.ip,
      };
    },
  },
  {
    kind: 'viewer reads',
    weight: 5,
    plan: (ctx, random) => {
      const viewer = pick(ctx.viewers, random);
      return { route: 'GET /api/user', method: 'GET', path: '/api/user', token: viewer.token, ip: viewer.ip };
    },
  },
];

/** The kinds of a stage's requests, drawn up front (seeded), so its sign-ins' captchas are solved before the clock starts. */
const drawSchedule = (random: Random, count = REQUESTS): Action[] => {
  const total = ACTIONS.reduce((sum, action) => sum + action.weight, 0);
  return Array.from({ length: count }, () => {
    let draw = random() * total;
    return ACTIONS.find((action) => (draw -= action.weight) < 0) ?? ACTIONS[ACTIONS.length - 1];
  });
};

/** Runs `work` over `items`, `limit` at a time. */
const mapLimit = async <T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>) => {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
};

// ── /proc: memory and CPU per process ─────────────────────────────────────────────────────────────────────

/** A process sampled; a Node service's `metricsUrl` is its Prometheus `/metrics`, read for its V8 heap. */
type Sampled = { name: string; pid: number; node: boolean; metricsUrl?: string };
/**
 * One reading of a Node process's V8 heap in use (live objects plus garbage not yet collected); `afterMajorGc` when
 * a major collection ran since its previous reading, so the figure is close to the live set.
 */
type HeapReading = { completed: number; pid: number; usedMb: number; afterMajorGc: boolean };
type Sample = {
  at: number;
  completed: number;
  rssMb: Map<number, number>;
  ticks: Map<number, number>;
  machine: { total: number; busy: number };
};

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const statFields = (pid: number | 'self') => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After "pid (comm) ": field 3 (state) is index 0, so ppid is 1, utime 11, stime 12.
  return {
    comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    rest: stat.slice(stat.lastIndexOf(')') + 2).split(' '),
  };
};
const cpuTicks = (pid: number | 'self') => {
  const { rest } = statFields(pid);
  return Number(rest[11]) + Number(rest[12]);
};
const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};
const machineTicks = () => {
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const values = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  return { total, busy: total - values[3] - values[4] };
};

/** Redis, NATS and the MongoDB-wire server, when this process started them: its descendants, found through /proc. */
const infraProcesses = (known: Set<number>): Sampled[] => {
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { comm, rest } = statFields(Number(entry));
      const parent = Number(rest[1]);
      names.set(Number(entry), comm);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const labels: Record<string, string> = {
    java: 'mongo-java-server',
    'redis-server': 'redis',
    'nats-server': 'nats',
    // The one URL in front (issue 29): it sheds /api and checks edge links; its workers do that work.
    nginx: 'nginx',
  };
  const labelOf = (pid: number) => {
    const label = labels[names.get(pid) ?? ''];
    if (label !== 'nginx') return label;
    const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return title.includes('worker') ? `nginx worker ${pid}` : 'nginx master';
  };
  const found: Sampled[] = [];
  const queue = [...(children.get(process.pid) ?? [])];
  while (queue.length) {
    const pid = queue.shift()!;
    queue.push(...(children.get(pid) ?? []));
    let label: string | undefined;
    try {
      label = labelOf(pid);
    } catch {
      // The process ended while we looked.
    }
    if (label && !known.has(pid)) found.push({ name: label, pid, node: false });
  }
  return found;
};

const takeSample = (processes: Sampled[], at: number, completed: number): Sample => {
  const rss = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const { pid } of processes) {
    try {
      rss.set(pid, rssMb(pid));
      ticks.set(pid, cpuTicks(pid));
    } catch {
      // Gone: the report says so through a missing figure.
    }
  }
  ticks.set(process.pid, cpuTicks('self'));
  return { at, completed, rssMb: rss, ticks, machine: machineTicks() };
};

const HEAP_USED = /^nodejs_heap_size_used_bytes (\S+)$/m;

const RPC_COUNT =
  /^request_duration_seconds_count\{transport="rpc",route="([^"]+)",outcome="[^"]+"\} (\S+)$/gm;

/** RPC messages each Node service has handled so far, by `service route` (its Prometheus request timings). */
const rpcCounts = async (processes: Sampled[]): Promise<Map<string, number>> => {
  const counts = new Map<string, number>();
  await Promise.all(
    processes
      .filter((proc) => proc.metricsUrl)
      .map(async ({ name, metricsUrl }) => {
        const text = await fetch(metricsUrl!, { signal: AbortSignal.timeout(5_000) })
          .then((res) => res.text())
          .catch(() => '');
        for (const [, route, n] of text.matchAll(RPC_COUNT)) {
          const key = `${name} ${route}`;
          counts.set(key, (counts.get(key) ?? 0) + Number(n));
        }
      }),
  );
  return counts;
};
const MAJOR_GCS = /^nodejs_gc_duration_seconds_count\{kind="major"\} (\S+)$/m;
/** Every HEAP_POLL_MS, each Node service's heap in use and major collections, from its `/metrics` (prom-client). */
const HEAP_POLL_MS = 1_000;
const pollHeaps = (processes: Sampled[], completed: () => number, into: HeapReading[]) => {
  const majorGcs = new Map<number, number>();
  const read = async ({ pid, metricsUrl }: Sampled) => {
    try {
      const text = await (await fetch(metricsUrl!, { signal: AbortSignal.timeout(HEAP_POLL_MS) })).text();
      const used = HEAP_USED.exec(text);
      const majors = Number(MAJOR_GCS.exec(text)?.[1] ?? Number.NaN);
      const before = majorGcs.get(pid);
      majorGcs.set(pid, majors);
      if (used)
        into.push({
          completed: completed(),
          pid,
          usedMb: Number(used[1]) / 1024 / 1024,
          afterMajorGc: before !== undefined && majors > before,
        });
    } catch {
      // Busy past the poll interval, or gone: this reading is missing.
    }
  };
  const timer = setInterval(() => {
    for (const proc of processes) if (proc.metricsUrl) void read(proc);
  }, HEAP_POLL_MS);
  return () => clearInterval(timer);
};

/**
 * The live set over a stretch of requests: the heap in use read just after each major collection (within
 * HEAP_POLL_MS of it; garbage builds up again in between).
 */
const liveSet = (readings: HeapReading[], pid: number, from: number, to: number): Array<[number, number]> =>
  readings
    .filter((r) => r.pid === pid && r.afterMajorGc && r.completed >= from && r.completed <= to)
    .map((r): [number, number] => [r.completed, r.usedMb]);
/** Fewer major collections than this after warm-up, and a live set is not judged (RSS is, as before). */
const MIN_LIVE_POINTS = 3;

/** Least-squares slope of y over x. */
const slope = (points: Array<[number, number]>) => {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  return sxx === 0 ? 0 : sxy / sxx;
};

// ── Results ─────────────────────────────────────────────────────────────────────────────────────────────

type RouteStats = {
  kind: Kind;
  count: number;
  /** Of the requests sent (one refused at the in-flight cap has none). */
  latencies: number[];
  errors: Map<string, { count: number; samples: string[] }>;
};
type Stats = Map<string, RouteStats>;

const record = (
  stats: Stats,
  kind: Kind,
  route: string,
  latencyMs: number | null,
  error?: { label: string; sample: string },
) => {
  const entry: RouteStats = stats.get(route) ?? { kind, count: 0, latencies: [], errors: new Map() };
  stats.set(route, entry);
  entry.count++;
  if (latencyMs !== null) entry.latencies.push(latencyMs);
  if (!error) return;
  const bucket = entry.errors.get(error.label) ?? { count: 0, samples: [] };
  entry.errors.set(error.label, bucket);
  bucket.count++;
  if (bucket.samples.length < 3) bucket.samples.push(error.sample.slice(0, 300));
};

const SHED_LABEL = 'shed: 503 with Retry-After';
const shedCount = (entry: RouteStats) => entry.errors.get(SHED_LABEL)?.count ?? 0;
const errorCount = (entry: RouteStats) => [...entry.errors.values()].reduce((sum, e) => sum + e.count, 0);
const sortedOf = (latencies: number[]) => [...latencies].sort((a, b) => a - b);
const at = (sorted: number[], p: number) => (sorted.length ? percentile(sorted, p).toFixed(1) : '–');
const latencyCells = (latencies: number[]) => {
  const sorted = sortedOf(latencies);
  return `${at(sorted, 50)} | ${at(sorted, 95)} | ${at(sorted, 99)} | ${at(sorted, 100)}`;
};
const mb = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '–' : value.toFixed(1);
const loadText = (load: number[]) => load.map((v) => v.toFixed(2)).join(' ');

// ── Set-up ──────────────────────────────────────────────────────────────────────────────────────────────

const prepare = async (system: RunningSystem): Promise<Context> => {
  const api = benchApi(system.url);
  const titles: Movie[] = [];
  for (let page = 1; titles.length < 600; page++) {
    const list = await api.json<Page<Movie>>(`/api/movies?page=${page}&pageSize=100`);
    titles.push(...list.data);
    if (page * 100 >= list.total) break;
  }
  const genres = await api.json<string[]>('/api/movies/genres');
  const searchTerms = [
    ...new Set(titles.flatMap((t) => t.title.split(/\W+/).filter((word) => word.length >= 4)).slice(0, 60)),
  ];
  const ready = (access: MovieAccess) =>
    api
      .json<Page<Movie>>(`/api/movies?access=${access}&page=1&pageSize=100`)
      .then((p) => p.data.filter((m) => m.mediaReady));
  const [free, premium] = await Promise.all([ready(MovieAccess.Free), ready(MovieAccess.Premium)]);
  if (!free.length) throw new Error('no playable free title once the seed was applied');

  const outboxDir = system.processes.find((p) => p.env.OUTBOX_DIR)?.env.OUTBOX_DIR;
  if (!outboxDir) throw new Error('no service of the system names its OUTBOX_DIR');
  const config = await api.json<CheckoutConfig>('/api/payments/config');
  const razorpay = new URL(config.checkoutUrl).origin;
  console.log(
    `• ${titles.length} titles, ${free.length} free and ${premium.length} premium playable; signing up ${VIEWERS} viewers (every 4th buys a premium title)…`,
  );
  const accounts = await mapLimit(
    Array.from({ length: VIEWERS }, (_, n) => n),
    4,
    async () => {
      const account = await api.newViewer('soak');
      // Issue 25: an A title plays once the account holder has declared an adult's date of birth, as a viewer does
      // at their first A playback.
      await api.json(
        '/api/parental/age',
        { method: 'POST', body: JSON.stringify({ dateOfBirth: '1990-01-01' }) },
        account.token,
      );
      return account;
    },
  );
  const titleOf = (n: number) =>
    n % 4 === 3 && premium.length > 0 ? premium[n % premium.length] : free[n % free.length];
  // One purchase at a time: the MongoDB-wire stand-in ignores the partial filter of the orders' unique
  // `razorpayOrderId` index, so two orders waiting for their Razorpay id at once collide on null (reported).
  for (const [n, account] of accounts.entries()) {
    const title = titleOf(n);
    if (title.access !== MovieAccess.Premium) continue;
    await api.verifyEmail(account.email, outboxDir);
    const checkout = await api.json<Checkout>(
      '/api/payments/create-order',
      {
        method: 'POST',
        body: JSON.stringify({
          movieId: title.id,
          kind: 'purchase',
          idempotencyKey: `soak${n}x${account.id}`,
        }),
      },
      account.token,
    );
    const paid = await fetch(`${razorpay}/_control/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: checkout.id }),
    });
    if (!paid.ok) throw new Error(`paying ${checkout.id} answered ${paid.status}: ${await paid.text()}`);
    // The grant arrives with Razorpay's webhook.
    for (const deadline = Date.now() + 30_000; ; await sleep(250)) {
      const entitlement = await api.json<Entitlement>(`/api/entitlements/${title.id}`, {}, account.token);
      if (entitlement.canWatch) break;
      if (Date.now() > deadline) throw new Error(`the purchase of ${title.id} was not granted in 30 s`);
    }
  }
  const viewers = await mapLimit(accounts, 4, async (account, n): Promise<Viewer> => {
    const title = titleOf(n);
    const session = await api.json<PlaybackSession>(
      `/api/playback/${title.id}`,
      { method: 'POST', body: '{}' },
      account.token,
    );
    return {
      ...account,
      ip: `10.88.${Math.floor(n / 250)}.${(n % 250) + 1}`,
      title,
      playback: {
        token: session.token,
        leaseId: session.leaseId,
        durationSeconds: session.durationSeconds ?? 20,
      },
      position: 0,
      favourites: new Set(),
      busy: new Set(),
    };
  });
  const fetchCaptcha = async () =>
    solveAltcha(await api.json<AltchaChallenge>('/api/auth/captcha/challenge'));
  return { titles, genres, searchTerms, viewers, captchas: [], fetchCaptcha };
};

/**
 * The widget solves its proof of work while the person types: done before the clock starts, so the load generator
 * does not spend the run's CPU on it (about 0.2 s each here).
 */
const solveCaptchas = async (ctx: Context, count: number) => {
  ctx.captchas = await mapLimit(Array.from({ length: count }), 4, async () => ({
    token: await ctx.fetchCaptcha(),
    solvedAt: Date.now(),
  }));
};

/** A 2xx answer the client cannot use is an error too. */
const checked = (planned: Planned, text: string): string | null => {
  try {
    return planned.check?.(text) ?? null;
  } catch {
    return 'unreadable 2xx answer';
  }
};

// ── A stage: REQUESTS at one rate ─────────────────────────────────────────────────────────────────────────

type RunFigures = {
  rate: number;
  stats: Stats;
  startedAt: number;
  lastScheduled: number;
  endedAt: number;
  completed: number;
  maxInFlight: number;
  lags: number[];
  /** The load generator's own event-loop delay during the stage (ms): time every answer waited to be read. */
  loopDelay: { p50: number; p99: number; max: number };
  /** Per request sent: when it was scheduled (ms into the stage), its latency, whether it failed. */
  timeline: Array<{ at: number; latencyMs: number; failed: boolean }>;
  /** Latencies of the answers that shed load (503 with Retry-After), and of every other answer (admitted). */
  shed: number[];
  /**
   * Each shed answer by who gave it (nginx in front, or the gateway: its answers carry `x-correlation-id`) and its
   * time from the actual send, without the load generator's own lag (it shares the cores with the system).
   */
  shedBy: Record<'nginx' | 'gateway', number[]>;
  admitted: number[];
  /** What the probe (startProbe) saw in the same stage; null when none ran. */
  probe: ProbeFigures | null;
  samples: Sample[];
  /** Each Node service's V8 heap in use, read from its /metrics every HEAP_POLL_MS. */
  heaps: HeapReading[];
  /** RPC messages handled during the run, by `service route`. */
  rpc: Map<string, number>;
};

type ProbeFigures = { shed: number[]; admitted: number[]; failed: number };

/** Requests a second (SOAK_PROBE_RATE) of the probe: a light client beside the load generator. */
const PROBE_RATE = Number(process.env.SOAK_PROBE_RATE ?? 20);

/**
 * A probe: a thread of its own sending PROBE_RATE list-page requests a second (each from its own address, so no
 * rate limit applies) and timing each answer from its send. Its event loop is idle between requests, so it reads an
 * answer the moment it arrives; the load generator's, busy with hundreds of requests a second at twice the capacity,
 * reads answers milliseconds late (its event-loop delay, printed beside it), and that counts in its latencies. The
 * probe times what the system does; it started after the generator raised its priority, whose nice it inherits.
 */
const startProbe = (baseUrl: string): (() => Promise<ProbeFigures>) => {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { url, perSecond } = workerData;
    const figures = { shed: [], admitted: [], failed: 0 };
    const pending = new Set();
    let n = 0;
    let timer;
    const tick = () => {
      const ip = '10.78.' + ((n >> 8) & 255) + '.' + (n & 255);
      n += 1;
      const sentAt = performance.now();
      const request = fetch(url, { headers: { 'x-forwarded-for': ip }, signal: AbortSignal.timeout(30000) })
        .then(async (res) => {
          await res.arrayBuffer();
          const ms = performance.now() - sentAt;
          if (res.status === 503 && res.headers.has('retry-after')) figures.shed.push(ms);
          else if (res.ok) figures.admitted.push(ms);
          else figures.failed += 1;
        })
        .catch(() => { figures.failed += 1; })
        .finally(() => pending.delete(request));
      pending.add(request);
      timer = setTimeout(tick, 1000 / perSecond);
    };
    tick();
    parentPort.once('message', async () => {
      clearTimeout(timer);
      await Promise.all([...pending]);
      parentPort.postMessage(figures);
    });
  `;
  const worker = new Worker(code, {
    eval: true,
    workerData: { url: `${baseUrl}/api/movies?page=1&pageSize=24`, perSecond: PROBE_RATE },
  });
  // A stage that fails before stopping it does not keep the bench alive.
  worker.unref();
  return async () => {
    const figures = new Promise<ProbeFigures>((resolve) => worker.once('message', resolve));
    worker.postMessage('stop');
    const result = await figures;
    await worker.terminate();
    return result;
  };
};

const run = async (
  baseUrl: string,
  ctx: Context,
  rate: number,
  schedule: Action[],
  processes: Sampled[],
  random: Random,
  /** Runs the probe beside the load (the overload stage: its shed answers are judged by it). */
  probe = false,
): Promise<RunFigures> => {
  const stats: Stats = new Map();
  const interval = 1000 / rate;
  let inFlight = 0;
  let maxInFlight = 0;
  let completed = 0;
  const lags: number[] = [];
  const timeline: RunFigures['timeline'] = [];
  const shed: number[] = [];
  const shedBy: RunFigures['shedBy'] = { nginx: [], gateway: [] };
  const admitted: number[] = [];
  const pending = new Set<Promise<void>>();
  const loopMonitor = monitorEventLoopDelay({ resolution: 5 });
  const startedAt = performance.now();
  loopMonitor.enable();
  const stopProbe = probe ? startProbe(baseUrl) : null;
  const rpcBefore = await rpcCounts(processes);
  const samples: Sample[] = [takeSample(processes, 0, 0)];
  const heaps: HeapReading[] = [];
  const stopHeaps = pollHeaps(processes, () => completed, heaps);
  const sampler = setInterval(
    () => samples.push(takeSample(processes, performance.now() - startedAt, completed)),
    SAMPLE_MS,
  );

  const send = async (action: Action, scheduledAt: number) => {
    const planned = await action.plan(ctx, random);
    const sentAt = performance.now();
    lags.push(sentAt - scheduledAt);
    let ok = false;
    let text = '';
    try {
      const res = await fetch(`${baseUrl}${planned.path}`, {
        method: planned.method,
        headers: {
          'x-forwarded-for': planned.ip,
          ...(planned.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(planned.token ? { authorization: `Bearer ${planned.token}` } : {}),
        },
        body: planned.body === undefined ? undefined : JSON.stringify(planned.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await res.text();
      // Admission control refusing at once (issue 29 §2): an error of its own kind, told apart from the rest.
      const isShed = res.status === 503 && res.headers.has('retry-after');
      const problem = res.ok ? checked(planned, text) : isShed ? SHED_LABEL : `HTTP ${res.status}`;
      ok = problem === null;
      const latencyMs = performance.now() - scheduledAt;
      (isShed ? shed : admitted).push(latencyMs);
      if (isShed)
        shedBy[res.headers.has('x-correlation-id') ? 'gateway' : 'nginx'].push(performance.now() - sentAt);
      record(
        stats,
        action.kind,
        planned.route,
        latencyMs,
        problem ? { label: problem, sample: text } : undefined,
      );
    } catch (error) {
      const err = error as Error & { cause?: { code?: string; message?: string } };
      const label =
        err.name === 'TimeoutError'
          ? `timeout (${TIMEOUT_MS / 1000} s)`
          : `network: ${err.cause?.code ?? err.message}`;
      admitted.push(performance.now() - scheduledAt);
      record(stats, action.kind, planned.route, performance.now() - scheduledAt, {
        label,
        sample: err.cause?.message ?? err.message,
      });
    } finally {
      planned.settle?.(ok, text);
      timeline.push({ at: scheduledAt - startedAt, latencyMs: performance.now() - scheduledAt, failed: !ok });
      completed++;
    }
  };

  /** Over the cap: planned only for its route label (and so a favourites toggle does not stay marked busy). */
  const refuse = async (action: Action) => {
    const planned = await action.plan(ctx, random);
    planned.settle?.(false, '');
    record(stats, action.kind, planned.route, null, {
      label: `over the in-flight cap (${MAX_IN_FLIGHT})`,
      sample: `${inFlight} requests in flight`,
    });
    completed++;
  };

  const launch = (action: Action, scheduledAt: number) => {
    const full = inFlight >= MAX_IN_FLIGHT;
    if (!full) {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
    }
    const done = (full ? refuse(action) : send(action, scheduledAt)).finally(() => {
      if (!full) inFlight--;
      pending.delete(done);
    });
    pending.add(done);
  };

  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Open loop: everything whose time has come goes now, however many are still in flight.
      while (next < schedule.length && startedAt + next * interval <= now) {
        launch(schedule[next], startedAt + next * interval);
        next++;
      }
      if (next >= schedule.length) return resolve();
      setTimeout(tick, Math.max(0, startedAt + next * interval - performance.now()));
    };
    tick();
  });
  const lastScheduled = startedAt + (schedule.length - 1) * interval;
  while (pending.size) await Promise.all([...pending]);
  const endedAt = performance.now();
  loopMonitor.disable();
  const probed = stopProbe ? await stopProbe() : null;
  clearInterval(sampler);
  stopHeaps();
  samples.push(takeSample(processes, endedAt - startedAt, completed));
  const rpc = new Map(
    [...(await rpcCounts(processes))].map(([key, n]) => [key, n - (rpcBefore.get(key) ?? 0)] as const),
  );
  return {
    heaps,
    rpc,
    rate,
    stats,
    startedAt,
    lastScheduled,
    endedAt,
    completed,
    maxInFlight,
    lags,
    loopDelay: {
      p50: loopMonitor.percentile(50) / 1e6,
      p99: loopMonitor.percentile(99) / 1e6,
      max: loopMonitor.max / 1e6,
    },
    timeline,
    samples,
    shed,
    shedBy,
    admitted,
    probe: probed,
  };
};

// ── Events ──────────────────────────────────────────────────────────────────────────────────────────────

type GroupInfo = { name: string; lastDelivered: string; pending: number };
const fieldsOf = (raw: unknown[]) =>
  Object.fromEntries(raw.flatMap((v, i) => (i % 2 ? [] : [[String(v), raw[i + 1]]])));

/** Waits until every consumer group has read and acknowledged the whole stream; answers how long it took and who lags. */
const drain = async (redis: Redis, timeoutMs: number) => {
  const started = Date.now();
  for (;;) {
    const last = String(
      fieldsOf((await redis.xinfo('STREAM', EVENT_STREAM)) as unknown[])['last-generated-id'],
    );
    const groups = ((await redis.xinfo('GROUPS', EVENT_STREAM)) as unknown[][])
      .map(fieldsOf)
      .map((group): GroupInfo => ({
        name: String(group.name),
        lastDelivered: String(group['last-delivered-id']),
        pending: Number(group.pending),
      }));
    const behind = groups.filter((group) => group.pending > 0 || group.lastDelivered !== last);
    if (!behind.length || Date.now() - started > timeoutMs)
      return { seconds: (Date.now() - started) / 1000, behind };
    await sleep(250);
  }
};
const describeBehind = (behind: GroupInfo[]) =>
  behind.map((g) => `${g.name} (pending ${g.pending}, at ${g.lastDelivered})`).join(', ');

// ── Report ──────────────────────────────────────────────────────────────────────────────────────────────

type Verdict = {
  rate: number;
  achieved: number;
  errors: number;
  deadLetters: number;
  latencies: number[];
  lagP99: number;
  busiest: string;
  judged: boolean;
  flagged: string[];
  shed: number;
  shedP99: number;
  /** The probe's shed answers: how many, and their p99 (the figure judged: see startProbe). */
  probeShed: number;
  probeShedP99: number;
  admittedP99: number;
  /** RSS growth of each Node process: end of the stage, and after the cool-down, above its after-warm-up figure. */
  growth: Array<{ name: string; endMb: number; cooledMb: number }>;
};

const GENERATOR = 'soak load generator (this process)';

/** Per process, % of one core between two samples. */
const cpuShare = (pid: number, from: Sample, to: Sample) =>
  (((to.ticks.get(pid) ?? 0) - (from.ticks.get(pid) ?? 0)) / CLOCK_TICKS / ((to.at - from.at) / 1000)) * 100;
const machineShare = (from: Sample, to: Sample) =>
  ((to.machine.busy - from.machine.busy) / (to.machine.total - from.machine.total)) * cpus().length * 100;

/**
 * CPU per process, and the machine's, over `ms` without requests, with the stages' own probe running (each Node
 * service renders its `/metrics` once a second for the heap poll, a few ms each time): "per request above idle" is
 * then the requests' cost, not the bench's. Prometheus scrapes every 15–30 s, not every second.
 */
const measureIdle = async (processes: Sampled[], ms: number) => {
  const stopHeaps = pollHeaps(processes, () => 0, []);
  const from = takeSample(processes, 0, 0);
  await sleep(ms);
  const to = takeSample(processes, ms, 0);
  stopHeaps();
  return { from, to };
};
type Idle = Awaited<ReturnType<typeof measureIdle>>;

const reportMemoryAndCpu = (
  processes: Sampled[],
  samples: Sample[],
  heaps: HeapReading[],
  served: number,
  idle: Idle,
  cooled: Sample,
  requests: number,
) => {
  const first = samples[0];
  const last = samples[samples.length - 1];
  const warm = samples.find((s) => s.completed >= requests * WARM_UP_SHARE) ?? last;
  const secondHalf = samples.filter((s) => s.completed >= requests / 2);
  const judged = secondHalf.length >= MIN_SLOPE_SAMPLES && requests / 2 >= MIN_SLOPE_REQUESTS;
  const flagged: string[] = [];
  const growth = processes
    .filter((proc) => proc.node)
    .map((proc) => ({
      name: proc.name,
      endMb: (last.rssMb.get(proc.pid) ?? Number.NaN) - (warm.rssMb.get(proc.pid) ?? Number.NaN),
      cooledMb: (cooled.rssMb.get(proc.pid) ?? Number.NaN) - (warm.rssMb.get(proc.pid) ?? Number.NaN),
    }));

  console.log(`\n### Memory (RSS, MB; sampled every ${SAMPLE_MS / 1000} s, ${samples.length} samples)\n`);
  console.log(
    `| process | pid | at start | after warm-up | end | max | ${COOL_DOWN_MS / 1000} s after the events drained | slope MB / 10,000 requests (second half) | V8 live set, after warm-up → end | live set slope MB / 10,000 | verdict |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const proc of processes) {
    const series = samples.map((s) => s.rssMb.get(proc.pid)).filter((v): v is number => v !== undefined);
    const points = secondHalf
      .filter((s) => s.rssMb.has(proc.pid))
      .map((s): [number, number] => [s.completed, s.rssMb.get(proc.pid)!]);
    const perTenThousand = points.length >= 2 ? slope(points) * 10_000 : Number.NaN;
    const growth = (last.rssMb.get(proc.pid) ?? Number.NaN) - (warm.rssMb.get(proc.pid) ?? Number.NaN);
    const rssRising = perTenThousand > MAX_SLOPE_MB && growth > MIN_GROWTH_MB;
    // A Node service is judged by its live set when its heap was read: RSS also follows V8 sizing its heap up
    // under load (garbage kept longer between major collections), which is not memory kept.
    const live = liveSet(heaps, proc.pid, warm.completed, last.completed);
    const enough = live.length >= MIN_LIVE_POINTS;
    const liveSlope = enough ? slope(live) * 10_000 : Number.NaN;
    const liveGrowth = enough ? live[live.length - 1][1] - live[0][1] : Number.NaN;
    // Only a Node service has readings (its /metrics), so a live slope means a Node service.
    const byLive = !Number.isNaN(liveSlope);
    const rising = byLive ? liveSlope > MAX_SLOPE_MB && liveGrowth > MIN_LIVE_GROWTH_MB : rssRising;
    let verdict = judged ? (rising ? 'GROWING' : 'flat') : 'not judged (run too short)';
    if (judged && !rising && byLive && rssRising)
      verdict = 'flat (RSS rose with V8 heap sizing; live set flat)';
    if (judged && rising && proc.node) flagged.push(proc.name);
    if (judged && rising && !proc.node) verdict = 'growing (holds data: reported, not judged)';
    const liveCells = !proc.metricsUrl
      ? '– | –'
      : byLive
        ? `${mb(live[0][1])} → ${mb(live[live.length - 1][1])} (${live.length} major GCs) | ${liveSlope.toFixed(2)}`
        : `${live.length} major GCs: too few | –`;
    console.log(
      `| ${proc.name} | ${proc.pid} | ${mb(first.rssMb.get(proc.pid))} | ${mb(warm.rssMb.get(proc.pid))} | ${mb(last.rssMb.get(proc.pid))} | ${mb(series.length ? Math.max(...series) : undefined)} | ${mb(cooled.rssMb.get(proc.pid))} | ${Number.isNaN(perTenThousand) ? '–' : perTenThousand.toFixed(2)} | ${liveCells} | ${verdict} |`,
    );
  }
  console.log(
    `\nRule: a Node process is not flat when its RSS rises more than ${MAX_SLOPE_MB} MB per 10,000 requests over the second half (least squares over ${secondHalf.length} samples) and ends more than ${MIN_GROWTH_MB} MB above its after-warm-up figure (warm-up: the first ${WARM_UP_SHARE * 100} % of requests). Redis, NATS and the MongoDB-wire server hold data that legitimately grows in a soak (the event stream up to its cap, sessions, the in-memory database, the JVM's heap growing towards -Xmx), so theirs is reported, not judged. A Node service whose /metrics answered is judged by its V8 live set instead of its RSS: its heap in use read within ${HEAP_POLL_MS / 1000} s after each major collection after warm-up (at least ${MIN_LIVE_POINTS} of them), growing when its slope is over ${MAX_SLOPE_MB} MB per 10,000 requests and it ends more than ${MIN_LIVE_GROWTH_MB} MB up. Under load V8 lets garbage build up longer between major collections and keeps the larger heap it grew, so RSS can climb while nothing is kept; in k8s, NODE_OPTIONS' --max-old-space-size bounds that.`,
  );

  // CPU: over the whole stage, and the busiest sampling interval, per process (100 % = one core); above idle and
  // per request served, and the rate at which that process alone would fill one core.
  const seconds = (last.at - first.at) / 1000;
  const cores = cpus().length;
  const rows = [...processes, { name: GENERATOR, pid: process.pid, node: true }].map((proc) => {
    const average = cpuShare(proc.pid, first, last);
    const idleShare = cpuShare(proc.pid, idle.from, idle.to);
    const perRequestMs = (Math.max(0, average - idleShare) * 10 * seconds) / Math.max(1, served);
    return {
      name: proc.name,
      average,
      idle: idleShare,
      peak: Math.max(...samples.slice(1).map((s, i) => cpuShare(proc.pid, samples[i], s))),
      perRequestMs,
      ceiling: perRequestMs > 0 ? ((100 - idleShare) * 10) / perRequestMs : Number.POSITIVE_INFINITY,
    };
  });
  rows.sort((a, b) => b.average - a.average);
  console.log(
    `\n### CPU (${seconds.toFixed(0)} s; 100 % = one core; the machine has ${cores}; idle = ${IDLE_MS / 1000} s without requests before the first stage, the heap poll of /metrics running)\n`,
  );
  console.log(
    '| process | idle % | average % | busiest interval % | CPU ms per request served (above idle) | req/s at which it would fill one core |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const row of rows)
    console.log(
      `| ${row.name} | ${row.idle.toFixed(0)} | ${row.average.toFixed(0)} | ${row.peak.toFixed(0)} | ${row.perRequestMs.toFixed(2)} | ${Number.isFinite(row.ceiling) ? row.ceiling.toFixed(0) : '–'} |`,
    );
  const machineBusy = machineShare(first, last);
  const ours = rows.reduce((sum, row) => sum + row.average, 0);
  const service = rows.filter((row) => row.name !== GENERATOR);
  const perRequest = service.reduce((sum, row) => sum + row.perRequestMs, 0);
  const idleTotal = service.reduce((sum, row) => sum + row.idle, 0);
  console.log(
    `\nMachine: ${machineBusy.toFixed(0)} % busy of ${cores * 100} % (idle period: ${machineShare(idle.from, idle.to).toFixed(0)} %); this soak's processes ${ours.toFixed(0)} %, everything else on the machine (other helpers' tests) ${Math.max(0, machineBusy - ours).toFixed(0)} %.`,
  );
  console.log(
    `The system (generator excluded) spends ${perRequest.toFixed(1)} ms of CPU per request served above its idle ${idleTotal.toFixed(0)} %: ${cores} cores of its own would carry about ${(((cores * 100 - idleTotal) * 10) / Math.max(perRequest, 1e-3)).toFixed(0)} req/s of this mix, before any one process fills its core.`,
  );
  const busiest = `${rows[0].name} ${rows[0].average.toFixed(0)} %`;
  console.log(
    `Busiest: ${busiest} (a Node process runs JavaScript on one thread: near 100 % it is CPU-bound; the MongoDB-wire server serialises its backend calls, so it is one queue for every service).`,
  );
  return { judged, flagged, busiest, growth };
};

/**
 * The slowest sampling intervals (by the p99 of the requests scheduled in them) beside where the CPU went in them:
 * shows whether a stall came from the machine (other processes) or from one of the system's own.
 */
const reportStalls = (figures: RunFigures, processes: Sampled[]) => {
  const { samples, timeline } = figures;
  const intervals = samples.slice(1).map((to, i) => {
    const from = samples[i];
    const inside = timeline.filter((r) => r.at >= from.at && r.at < to.at);
    const sorted = sortedOf(inside.map((r) => r.latencyMs));
    const cpu = processes
      .map((proc) => ({ name: proc.name, share: cpuShare(proc.pid, from, to) }))
      .sort((a, b) => b.share - a.share);
    const ours = cpu.reduce((sum, p) => sum + p.share, 0) + cpuShare(process.pid, from, to);
    return {
      from,
      requests: inside.length,
      failed: inside.filter((r) => r.failed).length,
      p99: sorted.length ? percentile(sorted, 99) : 0,
      machine: machineShare(from, to),
      ours,
      top: cpu.slice(0, 3),
    };
  });
  const slow = intervals.filter((i) => i.p99 > 1000).length;
  console.log(
    `\n### Slowest ${SAMPLE_MS / 1000} s intervals (${slow} of ${intervals.length} had a p99 over 1 s)\n`,
  );
  console.log(
    '| from s | requests | failed | p99 ms | machine busy % | this soak % | others % | top processes % |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const i of [...intervals].sort((a, b) => b.p99 - a.p99).slice(0, 5))
    console.log(
      `| ${(i.from.at / 1000).toFixed(0)} | ${i.requests} | ${i.failed} | ${i.p99.toFixed(0)} | ${i.machine.toFixed(0)} | ${i.ours.toFixed(0)} | ${Math.max(0, i.machine - i.ours).toFixed(0)} | ${i.top.map((p) => `${p.name} ${p.share.toFixed(0)}`).join(', ')} |`,
    );
};

/** A stage's failed requests (shed 503s included) and successful answers per second of its wall time. */
const outcome = (figures: RunFigures) => {
  const wallSeconds = (figures.endedAt - figures.startedAt) / 1000;
  const errors = [...figures.stats.values()].reduce((sum, entry) => sum + errorCount(entry), 0);
  return { wallSeconds, errors, achieved: (figures.completed - errors) / wallSeconds };
};

/** Operations a server counted, and its own time in them, by what it counts them under (a collection, a command). */
type Usage = Map<string, { count: number; micros: number }>;

/**
 * The database's `top` (mongod's per-collection counters, "db.collection"; the embedded MongoDB-wire server answers
 * it too), or nothing when the server refuses it (mongos, a managed service).
 */
const mongoTop = async (mongoUri: string): Promise<Usage> => {
  const connection = await mongoose
    .createConnection(mongoUri, { serverSelectionTimeoutMS: 5_000 })
    .asPromise();
  try {
    const { totals } = (await connection.db!.admin().command({ top: 1 })) as {
      totals: Record<string, { total?: { count: number; time: number } }>;
    };
    return new Map(
      Object.entries(totals).flatMap(([ns, usage]) =>
        usage.total ? [[ns, { count: usage.total.count, micros: usage.total.time }] as const] : [],
      ),
    );
  } catch {
    return new Map();
  } finally {
    await connection.close();
  }
};

/** Redis commands served and the server's time in them, by command, as `INFO commandstats` counts them. */
const redisCommandStats = async (redis: Redis): Promise<Usage> =>
  new Map(
    [...(await redis.info('commandstats')).matchAll(/^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/gm)].map(
      ([, command, calls, micros]) => [command, { count: Number(calls), micros: Number(micros) }] as const,
    ),
  );

const usageSince = (after: Usage, before: Usage): Usage =>
  new Map(
    [...after].map(([key, { count, micros }]) => {
      const was = before.get(key) ?? { count: 0, micros: 0 };
      return [key, { count: count - was.count, micros: micros - was.micros }] as const;
    }),
  );

/**
 * A server's operations per request of the mix (events applied after it included), most frequent first: the total
 * line, then a table of the first `rows`, its columns named by `columns` (what, count, time).
 */
const reportUsage = (
  usage: Usage,
  completed: number,
  {
    title,
    source,
    rows: shown,
    ranked,
    columns,
  }: { title: string; source: string; rows: number; ranked: string; columns: string[] },
) => {
  const rows = [...usage].filter(([, { count }]) => count > 0).sort((a, b) => b[1].count - a[1].count);
  const total = rows.reduce((sum, [, { count }]) => sum + count, 0);
  const micros = rows.reduce((sum, [, one]) => sum + one.micros, 0);
  const per = (n: number) => (n / Math.max(1, completed)).toFixed(3);
  const ms = (n: number) => (n / 1000 / Math.max(1, completed)).toFixed(3);
  console.log(
    `\n### ${title} per request sent: ${per(total)} in all, ${ms(micros)} ${source}; the ${Math.min(shown, rows.length)} ${ranked})\n`,
  );
  console.log(`| ${columns[0]} | ${columns[1]} | per request | ${columns[2]} per request |`);
  console.log('|---|---|---|---|');
  for (const [key, one] of rows.slice(0, shown))
    console.log(`| ${key} | ${one.count} | ${per(one.count)} | ${ms(one.micros)} |`);
};

/** MongoDB operations each request of the mix cost, by collection. */
const reportMongo = (usage: Usage, completed: number) => {
  if (![...usage.values()].some(({ count }) => count > 0)) {
    console.log('\n### MongoDB operations: not counted (the server did not answer `top`)');
    return;
  }
  reportUsage(usage, completed, {
    title: 'MongoDB operations',
    source: "ms in the server's backend (`top`, from the stage's start until its events were applied",
    rows: 20,
    ranked: 'busiest collections',
    columns: ['collection', 'operations', 'backend ms'],
  });
};

/**
 * Redis commands each request of the mix cost (the soak's own few drain checks too), by command. Each is a round
 * trip, and on a VM a socket write costs a service tens of microseconds of CPU.
 */
const reportRedis = (usage: Usage, completed: number) =>
  reportUsage(usage, completed, {
    title: 'Redis commands',
    source: "ms in the server (`INFO commandstats`, from the stage's start until its events were applied",
    rows: 15,
    ranked: 'most frequent',
    columns: ['command', 'calls', 'server ms'],
  });

/** How many RPC messages each request of the mix cost, by the service and route that handled them. */
const reportRpc = (rpc: Map<string, number>, completed: number) => {
  const rows = [...rpc].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `\n### RPC messages handled per request sent: ${(total / Math.max(1, completed)).toFixed(2)} in all (the ${Math.min(RPC_ROWS, rows.length)} most frequent)\n`,
  );
  console.log('| service | route | messages | per request |');
  console.log('|---|---|---|---|');
  for (const [key, n] of rows.slice(0, RPC_ROWS)) {
    const [service, route] = key.split(' ');
    console.log(`| ${service} | ${route} | ${n} | ${(n / Math.max(1, completed)).toFixed(3)} |`);
  }
};
const RPC_ROWS = 20;

/** `p50 … ms, p99 … ms` of some latencies. */
const spread = (values: number[]): string => {
  const sorted = sortedOf(values);
  return `p50 ${at(sorted, 50)} ms, p99 ${at(sorted, 99)} ms`;
};

const reportStage = (
  figures: RunFigures,
  processes: Sampled[],
  context: {
    loadBefore: number[];
    loadAfter: number[];
    drained: Awaited<ReturnType<typeof drain>>;
    deadLetters: number;
    idle: Idle;
    cooled: Sample;
    mongo: Usage;
    redis: Usage;
  },
): Verdict => {
  const { stats, rate } = figures;
  const offeredSeconds = (figures.lastScheduled - figures.startedAt) / 1000;
  const { wallSeconds, errors, achieved } = outcome(figures);
  const all = [...stats.values()];
  const lags = sortedOf(figures.lags);
  const { drained, deadLetters } = context;
  console.log(
    `\n## Soak stage: ${figures.completed.toLocaleString('en-IN')} mixed requests at ${rate} req/s\n`,
  );
  console.log(
    `- offered: ${(figures.completed / Math.max(offeredSeconds, 1e-3)).toFixed(0)} req/s (target ${rate}) over ${offeredSeconds.toFixed(1)} s`,
  );
  console.log(
    `- achieved: ${achieved.toFixed(0)} successful req/s; the last answer came ${wallSeconds.toFixed(1)} s after the first send (${(wallSeconds - offeredSeconds).toFixed(1)} s after the last scheduled one)`,
  );
  console.log(
    `- errors: ${errors} of ${figures.completed} (${((errors / figures.completed) * 100).toFixed(2)} %); most in flight at once: ${figures.maxInFlight}`,
  );
  console.log(
    `- load generator lag (send time − scheduled time): p50 ${at(lags, 50)} ms, p99 ${at(lags, 99)} ms, max ${at(lags, 100)} ms; its event-loop delay p50 ${figures.loopDelay.p50.toFixed(1)} ms, p99 ${figures.loopDelay.p99.toFixed(1)} ms, max ${figures.loopDelay.max.toFixed(1)} ms`,
  );
  console.log(
    `- load average before ${loadText(context.loadBefore)}, after ${loadText(context.loadAfter)} (2 cores shared with other helpers)`,
  );
  console.log(
    `- events: ${drained.behind.length ? `consumer groups NOT caught up ${DRAIN_TIMEOUT_MS / 1000} s after the last answer: ${describeBehind(drained.behind)}` : `every consumer group caught up ${drained.seconds.toFixed(1)} s after the last answer`}; ${deadLetters} dead-lettered`,
  );

  console.log('\n### Latency from the scheduled send time, ms (includes any queueing)\n');
  console.log('| kind | share | requests | errors | p50 | p95 | p99 | max |');
  console.log('|---|---|---|---|---|---|---|---|');
  const kinds = [...new Set(ACTIONS.map((a) => a.kind))];
  const weightOf = (kind: Kind) => ACTIONS.filter((a) => a.kind === kind).reduce((s, a) => s + a.weight, 0);
  const latencies = all.flatMap((e) => e.latencies);
  console.log(`| all | 100 % | ${figures.completed} | ${errors} | ${latencyCells(latencies)} |`);
  for (const kind of kinds) {
    const entries = all.filter((e) => e.kind === kind);
    console.log(
      `| ${kind} | ${weightOf(kind)} % | ${entries.reduce((s, e) => s + e.count, 0)} | ${entries.reduce((s, e) => s + errorCount(e), 0)} | ${latencyCells(entries.flatMap((e) => e.latencies))} |`,
    );
  }
  console.log('\n| route | kind | requests | errors | p50 | p95 | p99 | max |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [route, entry] of [...stats.entries()].sort((a, b) => b[1].count - a[1].count))
    console.log(
      `| ${route} | ${entry.kind} | ${entry.count} | ${errorCount(entry)} | ${latencyCells(entry.latencies)} |`,
    );

  if (errors) {
    console.log('\n### Errors\n');
    const byLabel = new Map<string, number>();
    for (const entry of all)
      for (const [label, bucket] of entry.errors)
        byLabel.set(label, (byLabel.get(label) ?? 0) + bucket.count);
    for (const [label, count] of byLabel) console.log(`- ${label}: ${count}`);
    for (const [route, entry] of stats)
      for (const [label, bucket] of entry.errors)
        console.log(
          `\n${route} — ${label} × ${bucket.count}:\n${bucket.samples.map((s) => `    ${s}`).join('\n')}`,
        );
  }

  reportRpc(figures.rpc, figures.completed);
  reportMongo(context.mongo, figures.completed);
  reportRedis(context.redis, figures.completed);
  reportStalls(figures, processes);
  const memory = reportMemoryAndCpu(
    processes,
    figures.samples,
    figures.heaps,
    figures.completed - errors,
    context.idle,
    context.cooled,
    figures.completed,
  );
  const shed = all.reduce((sum, entry) => sum + shedCount(entry), 0);
  const p99Of = (values: number[]) => (values.length ? percentile(sortedOf(values), 99) : 0);
  console.log('\n### Load shedding (503 with Retry-After)\n');
  console.log(
    `- shed: ${shed} of ${figures.completed} (${((shed / Math.max(1, figures.completed)) * 100).toFixed(1)} %), answered ${spread(figures.shed)}`,
  );
  for (const [by, times] of Object.entries(figures.shedBy))
    if (times.length)
      console.log(
        `  - by ${by}: ${times.length}, answered ${spread(times)} from the actual send (the generator's own lag left out)`,
      );
  const { probe } = figures;
  if (probe)
    console.log(
      `- the probe (${PROBE_RATE} list pages a second on an event loop of its own): shed ${probe.shed.length}, answered ${spread(probe.shed)}; admitted ${probe.admitted.length}, ${spread(probe.admitted)}; failed ${probe.failed}`,
    );
  console.log(
    `- admitted: ${figures.admitted.length}, ${spread(figures.admitted)}; errors other than shed: ${errors - shed}`,
  );
  return {
    rate,
    achieved,
    errors,
    deadLetters,
    latencies,
    lagP99: lags.length ? percentile(lags, 99) : 0,
    shed,
    shedP99: p99Of(figures.shed),
    probeShed: figures.probe?.shed.length ?? 0,
    probeShedP99: p99Of(figures.probe?.shed ?? []),
    admittedP99: p99Of(figures.admitted),
    ...memory,
  };
};

type RunStage = (
  index: number,
  rate: number,
  count: number,
  full: boolean,
  probe?: boolean,
) => Promise<{ figures: RunFigures; verdict: Verdict | undefined }>;

/** One unjudged stage at SOAK_CAPACITY_START: JIT, caches and pools warm before anything is judged. */
const warmUp = async (runStage: RunStage) => {
  console.log(`  warm-up at ${CAPACITY_START} req/s (not judged)…`);
  await runStage(99, CAPACITY_START, Math.round(CAPACITY_START * CAPACITY_STAGE_SECONDS), false);
};

/**
 * The highest rate served with 0 errors (shed 503s included) and a p99 within the admitted goal, in short stages of
 * growing rate after a warm-up stage (JIT, caches, pools); the first stage that fails ends the search. The p99 counts
 * too: a process starved of CPU (or the load generator) queues requests in the kernel, where no admission control
 * sees them, so "no errors" alone would call a system that fell seconds behind "sustained".
 */
const findCapacity = async (runStage: RunStage): Promise<number> => {
  console.log(
    `\n• Capacity: stages of ${CAPACITY_STAGE_SECONDS} s from ${CAPACITY_START} req/s, ×${CAPACITY_STEP} each, until one has an error or a p99 over ${ADMITTED_P99_GOAL_MS} ms`,
  );
  await warmUp(runStage);
  let best = 0;
  for (let index = 0, rate = CAPACITY_START; ; index++, rate = Math.round(rate * CAPACITY_STEP)) {
    const { figures } = await runStage(index, rate, Math.round(rate * CAPACITY_STAGE_SECONDS), false);
    const all = [...figures.stats.values()];
    const errors = all.reduce((sum, entry) => sum + errorCount(entry), 0);
    const shed = all.reduce((sum, entry) => sum + shedCount(entry), 0);
    const p99 = percentile(sortedOf(all.flatMap((entry) => entry.latencies)), 99);
    const kept = errors === 0 && p99 <= ADMITTED_P99_GOAL_MS;
    const lagP99 = figures.lags.length ? percentile(sortedOf(figures.lags), 99) : 0;
    console.log(
      `  ${rate} req/s: ${errors} errors (${shed} shed), p99 ${p99.toFixed(0)} ms, generator lag p99 ${lagP99.toFixed(0)} ms, load average ${loadText(loadavg())} → ${kept ? 'sustained' : 'not sustained'}`,
    );
    if (!kept) break;
    best = rate;
  }
  if (best === 0)
    console.log(`  not even ${CAPACITY_START} req/s was sustained: judging overload at twice that`);
  const capacity = best || CAPACITY_START;
  console.log(`• Highest rate sustained with 0 errors: ${capacity} req/s`);
  return capacity;
};

/**
 * SOAK_FRONT_CAPS: the overload stage at each nginx `/api` limit in turn (the same requests each time), then each
 * stage's figures and the median per limit. Memory and CPU are not judged here: the plain overload run does that.
 */
const compareFrontCaps = async (system: RunningSystem, runStage: RunStage, overload: number) => {
  const front = system.frontProxy;
  if (!front)
    throw new Error('SOAK_FRONT_CAPS needs nginx in front (FRONT_PROXY is off, or nginx is missing)');
  const rows: Array<{
    cap: number;
    round: number;
    ok: number;
    shedShare: number;
    shedP99: number;
    p50: number;
    p99: number;
  }> = [];
  for (let round = 1; round <= CAP_ROUNDS; round++)
    for (const cap of FRONT_CAPS) {
      await front.setApiPlaces(cap);
      console.log(`\n• nginx lets ${cap} /api requests through at once (round ${round} of ${CAP_ROUNDS})`);
      const { figures } = await runStage(200, overload, REQUESTS, false);
      const shed = sortedOf(figures.shed);
      const admitted = sortedOf(figures.admitted);
      rows.push({
        cap,
        round,
        ok: outcome(figures).achieved,
        shedShare: shed.length / Math.max(1, figures.completed),
        shedP99: shed.length ? percentile(shed, 99) : 0,
        p50: percentile(admitted, 50),
        p99: percentile(admitted, 99),
      });
    }
  console.log(
    `\n## nginx /api limits at ${overload} req/s (twice the capacity), ${REQUESTS} requests a stage\n`,
  );
  console.log(
    '| limit | round | successful req/s | shed | shed p99 ms | admitted p50 ms | admitted p99 ms |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.cap} | ${r.round} | ${r.ok.toFixed(0)} | ${(r.shedShare * 100).toFixed(1)} % | ${r.shedP99.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`,
    );
  const median = (values: number[]) => {
    const sorted = sortedOf(values);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  console.log('\n| limit | median successful req/s | median admitted p99 ms | median shed p99 ms |');
  console.log('|---|---|---|---|');
  for (const cap of FRONT_CAPS) {
    const mine = rows.filter((r) => r.cap === cap);
    console.log(
      `| ${cap} | ${median(mine.map((r) => r.ok)).toFixed(0)} | ${median(mine.map((r) => r.p99)).toFixed(1)} | ${median(mine.map((r) => r.shedP99)).toFixed(1)} |`,
    );
  }
};

/** The overload stage against its goals (issue 29 §2); true when every goal is met. */
const reportOverload = (capacity: number, v: Verdict): boolean => {
  const other = v.errors - v.shed;
  const growth = v.growth
    .map((g) => `${g.name} ${g.endMb >= 0 ? '+' : ''}${mb(g.endMb)} (after cool-down ${mb(g.cooledMb)})`)
    .join(', ');
  const goals = [
    {
      name: `rejected (503 + Retry-After) answered p99, timed by the probe (${v.probeShed} shed)`,
      value: v.probeShed
        ? `${v.probeShedP99.toFixed(1)} ms (the load generator read its ${v.shed} at ${v.shedP99.toFixed(1)} ms)`
        : '– (none shed: twice the capacity was no overload)',
      goal: `≤ ${SHED_P99_GOAL_MS} ms`,
      met: v.probeShed > 0 && v.probeShedP99 <= SHED_P99_GOAL_MS,
    },
    {
      name: 'admitted answered p99',
      value: `${v.admittedP99.toFixed(1)} ms`,
      goal: `≤ ${ADMITTED_P99_GOAL_MS} ms`,
      met: v.admittedP99 <= ADMITTED_P99_GOAL_MS,
    },
    { name: 'errors other than shed 503s', value: String(other), goal: '0', met: other === 0 },
    { name: 'events dead-lettered', value: String(v.deadLetters), goal: '0', met: v.deadLetters === 0 },
    {
      name: 'Node process memory',
      value: v.judged
        ? v.flagged.length
          ? `growing: ${v.flagged.join(', ')}`
          : 'flat'
        : 'not judged (run too short)',
      goal: 'flat',
      met: v.flagged.length === 0,
    },
  ];
  console.log(`\n## Overload: ${v.rate} req/s, twice the ${capacity} req/s sustained with 0 errors\n`);
  console.log(
    `- shed ${v.shed} of ${v.latencies.length} answered; achieved ${v.achieved.toFixed(0)} successful req/s`,
  );
  console.log(`- RSS growth after warm-up (MB): ${growth}\n`);
  console.log('| figure | value | goal | met |');
  console.log('|---|---|---|---|');
  for (const g of goals) console.log(`| ${g.name} | ${g.value} | ${g.goal} | ${g.met ? 'yes' : 'NO'} |`);
  const met = goals.every((g) => g.met);
  console.log(`\n${met ? '✔ the overload degrades into fast, honest 503s' : '✖ overload goals not met'}.`);
  return met;
};

/**
 * The load generator stands in for clients on other machines, yet shares these 2 cores with the system: as root it
 * runs ahead of the system's processes for the CPU, so that its own lag (sending late, reading answers late) counts
 * against the system as little as it can. Said in the report; without root it runs as any process.
 */
const generatorAhead = (): string => {
  try {
    setPriority(GENERATOR_NICE);
    return `the load generator runs at nice ${GENERATOR_NICE}, ahead of the system's processes`;
  } catch {
    return 'the load generator runs at the same priority as the system (not root)';
  }
};
const GENERATOR_NICE = -10;

const main = async () => {
  const system = await startBenchSystem('bench-soak', __dirname);
  // After the start: the system's processes inherit nothing of it.
  console.log(`• ${generatorAhead()}.`);
  const redis = new Redis(system.redisUrl);
  try {
    // A fresh system is still applying the seed's thousands of `movie.published` events (sample films, then
    // `media.ready` to three services, each invalidating caches): the soak measures a settled system.
    console.log("• Waiting for every consumer group to apply the seed's events…");
    const settled = await drain(redis, SETTLE_TIMEOUT_MS);
    if (settled.behind.length)
      throw new Error(
        `events still unapplied after ${SETTLE_TIMEOUT_MS / 1000} s: ${describeBehind(settled.behind)}`,
      );
    console.log(`• Settled after ${settled.seconds.toFixed(0)} s.`);
    const ctx = await prepare(system);
    const nodeProcesses: Sampled[] = system.processes.map((p) => {
      // The services' HTTP listener, or the gateway's (its /metrics is on PORT unless METRICS_PORT is set).
      const port = p.env.HTTP_PORT ?? p.env.METRICS_PORT ?? p.env.PORT;
      return {
        name: p.name,
        pid: p.child.pid!,
        node: true,
        metricsUrl: port ? `http://127.0.0.1:${port}/metrics` : undefined,
      };
    });
    const infra = infraProcesses(new Set(nodeProcesses.map((p) => p.pid)));
    const external = [
      process.env.MONGODB_URI && 'MongoDB (MONGODB_URI)',
      process.env.REDIS_URL && 'Redis (REDIS_URL)',
      process.env.NATS_URL && 'NATS (NATS_URL)',
    ].filter(Boolean);
    console.log(
      `• Sampling ${[...nodeProcesses, ...infra].map((p) => p.name).join(', ')}${external.length ? `; external, not sampled: ${external.join(', ')}` : ''}`,
    );
    const processes = [...nodeProcesses, ...infra];
    await drain(redis, DRAIN_TIMEOUT_MS);
    console.log(`• Measuring CPU for ${IDLE_MS / 1000} s without requests…`);
    const idle = await measureIdle(processes, IDLE_MS);

    /** One stage of `count` requests at `rate`; reported in full, or (a capacity search step) in one line. */
    const runStage = async (index: number, rate: number, count: number, full: boolean, probe = false) => {
      const schedule = drawSchedule(seededRandom(15 + index), count);
      const signIns = schedule.filter((action) => action.kind === 'sign-in').length;
      console.log(`• Solving ${signIns} captchas for the stage's sign-ins…`);
      await solveCaptchas(ctx, signIns);
      // Events of the set-up or the previous stage are applied before the clock starts.
      await drain(redis, DRAIN_TIMEOUT_MS);
      const deadLettersBefore = await redis.xlen(DEAD_LETTER_STREAM);
      const loadBefore = loadavg();
      console.log(
        `\n• Soak: ${count.toLocaleString('en-IN')} requests, open loop at ${rate} req/s (about ${Math.round(count / rate)} s), at most ${MAX_IN_FLIGHT} in flight, ${VIEWERS} viewers; load average ${loadText(loadBefore)}`,
      );
      const topBefore = full ? await mongoTop(system.mongoUri) : new Map();
      const redisBefore = full ? await redisCommandStats(redis) : new Map();
      const figures = await run(
        system.url,
        ctx,
        rate,
        schedule,
        processes,
        seededRandom(1515 + index),
        probe,
      );
      const loadAfter = loadavg();
      // Progress reports and favourites become events: wait until every consumer group has applied them.
      const drained = await drain(redis, DRAIN_TIMEOUT_MS);
      const mongo = full ? usageSince(await mongoTop(system.mongoUri), topBefore) : new Map();
      const redisUsage = full ? usageSince(await redisCommandStats(redis), redisBefore) : new Map();
      const deadLetters = (await redis.xlen(DEAD_LETTER_STREAM)) - deadLettersBefore;
      if (!full) return { figures, verdict: undefined };
      await sleep(COOL_DOWN_MS);
      const cooled = takeSample(processes, 0, 0);
      const verdict = reportStage(figures, processes, {
        loadBefore,
        loadAfter,
        drained,
        deadLetters,
        idle,
        cooled,
        mongo,
        redis: redisUsage,
      });
      return { figures, verdict };
    };

    if (CAPACITY) {
      if (KNOWN_CAPACITY) await warmUp(runStage);
      const capacity = KNOWN_CAPACITY ?? (await findCapacity(runStage));
      const overload = capacity * 2;
      if (FRONT_CAPS.length) {
        await compareFrontCaps(system, runStage, overload);
        return;
      }
      const requests = Math.max(REQUESTS, Math.round(overload * OVERLOAD_MIN_SECONDS));
      console.log(`\n• Overload: twice the capacity, ${overload} req/s, ${requests} requests`);
      const { verdict } = await runStage(100, overload, requests, true, true);
      process.exitCode = reportOverload(capacity, verdict!) ? 0 : 1;
      return;
    }

    const verdicts: Verdict[] = [];
    for (const [stage, rate] of RATES.entries()) {
      const { verdict } = await runStage(stage, rate, REQUESTS, true);
      verdicts.push(verdict!);
    }

    if (verdicts.length > 1) {
      console.log('\n## Stages\n');
      console.log(
        '| offered req/s | achieved ok req/s | errors | p50 ms | p99 ms | max ms | generator lag p99 ms | busiest process | memory |',
      );
      console.log('|---|---|---|---|---|---|---|---|---|');
      for (const v of verdicts) {
        const sorted = sortedOf(v.latencies);
        console.log(
          `| ${v.rate} | ${v.achieved.toFixed(0)} | ${v.errors} | ${at(sorted, 50)} | ${at(sorted, 99)} | ${at(sorted, 100)} | ${v.lagP99.toFixed(1)} | ${v.busiest} | ${v.judged ? (v.flagged.length ? `growing: ${v.flagged.join(', ')}` : 'flat') : 'not judged'} |`,
        );
      }
    }
    const failures = verdicts.flatMap((v) =>
      [
        v.errors > 0 && `${v.errors} requests failed at ${v.rate} req/s`,
        v.deadLetters > 0 && `${v.deadLetters} events dead-lettered at ${v.rate} req/s`,
        v.flagged.length > 0 && `memory not flat at ${v.rate} req/s: ${v.flagged.join(', ')}`,
      ].filter((failure): failure is string => Boolean(failure)),
    );
    const judged = verdicts.every((v) => v.judged);
    console.log(
      `\n${failures.length ? `✖ ${failures.join('; ')}` : '✔ 0 errors'}${judged ? (failures.some((f) => f.startsWith('memory')) ? '' : ', memory flat in every Node process') : ' (memory not judged: a second half too short; run the full soak)'}.`,
    );
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    redis.disconnect();
    await system.stop();
  }
};

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
