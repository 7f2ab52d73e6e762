import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import { RecommendationRpc, ServiceDefaults, type RecommendationList } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
/* eslint-disable @nx/enforce-module-boundaries -- the bench writes what the service's own rules would (Nx forbids importing an app) */
import { interactionStrength } from '@app/recommendation-service/model';
/* eslint-enable @nx/enforce-module-boundaries */
import { benchApi, seededRandom, sleep, startBenchSystem } from './bench-system';

/**
 * Issue 12's serving figure: `POST /api/recommend` through the gateway with 100k viewers and 1M interactions in
 * the recommender's stores, against `GET /api/recommend/trending` (same path through gateway and service, no
 * profile, no scoring) and the gateway's own `/api/health/live` in the same run. Run: `npm run bench:reco-latency`.
 *
 * The system starts as `npm start` starts it (throwaway data). The viewers and their interactions are written
 * straight into recommendation-service's stores, in the shapes its repositories write (`interactions` in MongoDB,
 * one `reco:profile:{userId}` hash per viewer in Redis), because replaying a million events through the bus would
 * take an hour here; then one model build runs over them. Requests come from the demo admin, who may ask for any
 * viewer's list, each for a random one of the 100k. BENCH_USERS, BENCH_INTERACTIONS, BENCH_SECONDS,
 * BENCH_CONNECTIONS tune it. Not a test: read ratios and percentiles, the machine may be shared.
 */
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const INTERACTIONS = Number(process.env.BENCH_INTERACTIONS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const BATCH = 20_000;

type Row = {
  userId: string;
  movieId: string;
  watchedFraction: number;
  finished: boolean;
  favorite: boolean;
  paid: boolean;
  at: Date;
};

/**
 * Viewers with a long-tailed number of titles each (mean INTERACTIONS / USERS), titles drawn with a popularity bias
 * (Zipf-like) within a few favourite genres, the way real catalogues are watched.
 */
function* interactionsOf(userIds: string[], items: Array<{ _id: string; genre: string }>) {
  const random = seededRandom(20261122);
  const byGenre = new Map<string, string[]>();
  for (const item of items) byGenre.set(item.genre, [...(byGenre.get(item.genre) ?? []), item._id]);
  const genres = [...byGenre.keys()];
  const zipf = (list: string[]) => list[Math.floor(list.length * random() ** 2.5)];
  const mean = INTERACTIONS / userIds.length;
  const now = Date.now();
  let left = INTERACTIONS;
  for (let u = 0; u < userIds.length && left > 0; u++) {
    const count = Math.min(left, Math.max(1, Math.round(-Math.log(1 - random()) * mean)));
    const liked = [0, 1, 2].map(() => genres[Math.floor(random() * genres.length)]);
    const seen = new Set<string>();
    for (let i = 0; i < count; i++) {
      const movieId =
        random() < 0.8 ? zipf(byGenre.get(liked[i % 3]) ?? []) : zipf(items.map((item) => item._id));
      if (!movieId || seen.has(movieId)) continue;
      seen.add(movieId);
      const watchedFraction = Math.round(Math.min(1, 0.05 + random()) * 100) / 100;
      yield {
        userId: userIds[u],
        movieId,
        watchedFraction,
        finished: watchedFraction >= 0.9,
        favorite: random() < 0.08,
        paid: random() < 0.02,
        at: new Date(now - Math.floor(random() * 90 * 86_400_000)),
      } satisfies Row;
    }
    left -= count;
  }
}

/** Writes the viewers' interactions where recommendation-service keeps them: MongoDB and the Redis profiles. */
const load = async (mongoUri: string, redisUrl: string) => {
  const db = ServiceDefaults['recommendation-service'].db;
  const connection = await mongoose.createConnection(mongoUri, { dbName: db }).asPromise();
  const redis = new Redis(redisUrl);
  try {
    const items = await connection
      .collection<{ _id: string; genre: string }>('items')
      .find({ status: 'published', deleted: { $ne: true } }, { projection: { genre: 1 } })
      .toArray();
    const userIds = Array.from({ length: USERS }, () => randomBytes(12).toString('hex'));
    const interactions = connection.collection('interactions');
    let written = 0;
    let batch: Row[] = [];
    const flush = async () => {
      const docs = batch.map((row) => ({
        ...row,
        version: 1,
        favoriteAt: row.favorite ? row.at : null,
        strength: interactionStrength(row),
      }));
      await interactions.insertMany(docs, { ordered: false });
      const pipeline = redis.pipeline();
      for (const doc of docs)
        pipeline.hset(
          `reco:profile:${doc.userId}`,
          doc.movieId,
          JSON.stringify({
            ...{ v: 1, w: doc.watchedFraction, fin: doc.finished, fav: doc.favorite },
            ...{
              favAt: doc.favoriteAt?.getTime() ?? 0,
              paid: doc.paid,
              s: doc.strength,
              at: doc.at.getTime(),
            },
          }),
        );
      await pipeline.exec();
      written += docs.length;
      batch = [];
      process.stdout.write(`\r  ${written.toLocaleString('en-IN')} interactions written`);
    };
    const started = Date.now();
    for (const row of interactionsOf(userIds, items)) {
      batch.push(row);
      if (batch.length === BATCH) await flush();
    }
    if (batch.length) await flush();
    console.log(` in ${((Date.now() - started) / 1000).toFixed(0)} s; ${items.length} titles`);
    return { userIds, items: items.length, written };
  } finally {
    await redis.quit();
    await connection.close();
  }
};

type Figures = { label: string; rps: number; p50: number; p95: number; p99: number };

const measure = async (label: string, options: autocannon.Options): Promise<Figures> => {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  if (result.non2xx || result.errors)
    throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const p95 = (result.latency as unknown as Record<string, number>).p97_5 ?? result.latency.p99;
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    // autocannon reports p90 and p97.5; p95 lies between them.
    p95: (result.latency.p90 + p95) / 2,
    p99: result.latency.p99,
  };
};

const main = async () => {
  // A million interactions do not fit the embedded MongoDB-wire server's default heap (512 MB).
  process.env.MONGO_JAVA_HEAP ??= '6g';
  const system = await startBenchSystem('bench-reco-latency', __dirname);
  try {
    const api = benchApi(system.url);
    const reco = ServiceClient.connect(
      'recommendation-service',
      { url: system.natsUrl },
      { timeoutMs: 600_000 },
    );
    const published = (await api.json<{ total: number }>('/api/movies?page=1&pageSize=1')).total;
    console.log(
      `• Waiting for the recommender to know the ${published} published titles (movie.published events)…`,
    );
    for (const deadline = Date.now() + 300_000; ; await sleep(2000)) {
      // A build reloads the catalogue the recommender holds; its status says how many titles it used.
      const { items } = await reco.send(RecommendationRpc.rebuild, {});
      if (items >= published) break;
      if (Date.now() > deadline)
        throw new Error(`the recommender knows ${items} of ${published} titles after 5 minutes`);
    }
    console.log(
      `• Writing ${USERS.toLocaleString('en-IN')} viewers, ${INTERACTIONS.toLocaleString('en-IN')} interactions…`,
    );
    const { userIds } = await load(system.mongoUri, system.redisUrl);
    const admin = await api.signIn('admin@streamly.in', 'Admin@12345', '/api/auth/admin/login');
    console.log('• Building the model over them (RecommendationRpc.rebuild, straight to the service)…');
    const built = await reco.send(RecommendationRpc.rebuild, {});
    await reco.close();
    console.log(
      `  ${JSON.stringify(built)} (RSS of the service: see its /metrics process_resident_memory_bytes)`,
    );

    const random = seededRandom(7);
    const sample = await api.json<RecommendationList>(
      '/api/recommend',
      { method: 'POST', body: JSON.stringify({ user_id: userIds[0], limit: 12 }) },
      admin.token,
    );
    console.log(
      `  a viewer's list: ${sample.source}, ${sample.items.length} items, first "${sample.items[0]?.reasonText}"`,
    );

    console.log(`• autocannon, ${CONNECTIONS} connections, ${SECONDS} s each; 2 shared cores.\n`);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` };
    const rows = [
      await measure('POST /api/recommend (a random one of the viewers)', {
        url: `${system.url}/api/recommend`,
        method: 'POST',
        headers,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ user_id: userIds[Math.floor(random() * userIds.length)], limit: 12 }),
            }),
          },
        ],
      }),
      // Same token, so the same session check at the gateway (an RPC to auth-service): the difference is the profile
      // read and the scoring.
      await measure('GET /api/recommend/trending, same token (no profile, no scoring)', {
        url: `${system.url}/api/recommend/trending?limit=12`,
        headers,
      }),
      await measure('GET /api/recommend/trending, no token', {
        url: `${system.url}/api/recommend/trending?limit=12`,
      }),
      await measure('GET /api/health/live (the gateway alone)', { url: `${system.url}/api/health/live` }),
    ];
    console.log('| path | req/s | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|');
    for (const row of rows)
      console.log(
        `| ${row.label} | ${row.rps.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} |`,
      );
    console.log(
      `\nrecommend / trending (same token) throughput: ${(rows[0].rps / rows[1].rps).toFixed(2)}×; p95 goal ≤ 20 ms: ${rows[0].p95.toFixed(1)} ms`,
    );
  } finally {
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
