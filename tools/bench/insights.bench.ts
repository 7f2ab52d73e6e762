import { randomBytes } from 'node:crypto';
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { EVENT_STREAM, InsightsRpc, type InsightsRange } from '@app/contracts';
import { EventBus, REDIS_CLIENT } from '@app/server-core';
import { startMongo, startNats, startRedis } from '@app/local-infra';
import { startServiceUnderTest } from '@app/server-testing';
/* eslint-disable @nx/enforce-module-boundaries -- the bench lays down what the service's own consumer would (Nx forbids importing an app) */
import { AppModule } from '@app/recommendation-service/app.module';
import { envSchema } from '@app/recommendation-service/env';
import { generateHistory } from '@app/recommendation-service/insights/insights-history';
import { recount } from '@app/recommendation-service/insights/insights-recount';
import { InsightsModels } from '@app/recommendation-service/insights/insights.schemas';
/* eslint-enable @nx/enforce-module-boundaries */
import { percentile, seededRandom } from './bench-system';

/**
 * Issue 28's figure: the Insights screen's calls (engagement, revenue and QoE for the range, then one title's
 * retention curve) over a generated history of 100,000 plays (BENCH_PLAYS) by 20,000 viewers of 300 titles in the
 * last 90 days, plus their favourites, payments, subscriptions and QoE batches. Goal: the screen under 1 s.
 *
 * recommendation-service runs in this process on its own MongoDB-wire server, Redis and NATS (`@app/local-infra`),
 * answering over NATS as it does behind the gateway. The history is folded by `recount` (the oracle the int test
 * holds the consumer to) and written straight into the buckets, since replaying ~400,000 events through the bus
 * would take far longer here; BENCH_CONSUMER_PLAYS (default 1,000) plays also go through the real consumer, to
 * print its rate. Not a test: read the figures, the machine may be shared. Run:
 * `node tools/bootstrap.mjs bench-insights`.
 */
const PLAYS = Number(process.env.BENCH_PLAYS ?? 100_000);
const CONSUMER_PLAYS = Number(process.env.BENCH_CONSUMER_PLAYS ?? 1_000);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 20_000);
const TITLES = 300;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const GENRES = ['Drama', 'Comedy', 'Action', 'Thriller', 'Horror', 'Romance'];

const hex = () => randomBytes(12).toString('hex');
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const fmt = (value: number) => `${value.toFixed(1)} ms`;

const main = async () => {
  const [mongo, redisServer, nats] = await Promise.all([startMongo(), startRedis(), startNats()]);
  process.env.NATS_URL = nats.url;
  const env = envSchema.parse({
    MONGODB_URI: mongo.uri,
    MONGODB_DB: 'bench_insights',
    REDIS_URL: redisServer.url,
    LOG_LEVEL: 'warn',
  });
  const service = await startServiceUnderTest('recommendation-service', AppModule.register(env), mongo.uri);
  try {
    const bus = new EventBus(service.app.get(REDIS_CLIENT));
    const titleIds = Array.from({ length: TITLES }, hex);
    for (const [i, movieId] of titleIds.entries())
      await bus.publish('movie.published', {
        movieId,
        title: `Bench title ${i + 1}`,
        genre: GENRES[i % GENRES.length],
        publishDate: new Date().toISOString(),
      });

    // 1. The history, folded and written into the buckets.
    const random = seededRandom(28);
    const end = new Date();
    let start = process.hrtime.bigint();
    const history = generateHistory({ plays: PLAYS, titleIds, viewers: VIEWERS, days: 90, end, random });
    const folded = recount(history);
    const model = <T>(name: string) => service.app.get<Model<T>>(getModelToken(name));
    const insert = async (name: string, docs: object[]) => {
      for (let i = 0; i < docs.length; i += 5_000) await model(name).insertMany(docs.slice(i, i + 5_000));
    };
    const viewers = new Map<string, { firstDay: string; lastDay: string }>();
    for (const event of history) {
      if (event.type !== 'playback.started') continue;
      const viewer = `${event.payload.userId}:${event.payload.userId}`;
      const day = event.payload.startedAt.slice(0, 10);
      const known = viewers.get(viewer);
      viewers.set(viewer, {
        firstDay: known && known.firstDay < day ? known.firstDay : day,
        lastDay: known && known.lastDay > day ? known.lastDay : day,
      });
    }
    const charges = new Map<string, { _id: string; amountPaise: number; at: Date }>();
    for (const event of history) {
      if (event.type === 'payment.captured' && event.payload.planId)
        charges.set(event.payload.planId, {
          _id: event.payload.planId,
          amountPaise: event.payload.listPricePaise ?? event.payload.amountPaise,
          at: event.occurredAt,
        });
    }
    await insert(InsightsModels.engagement, [...folded.engagement.values()]);
    await insert(InsightsModels.revenue, [...folded.revenue.values()]);
    await insert(InsightsModels.qoe, [...folded.qoe.values()]);
    await insert(InsightsModels.qoeDimension, [...folded.qoeDimensions.values()]);
    await insert(
      InsightsModels.viewer,
      [...viewers].map(([_id, days]) => ({ _id, ...days })),
    );
    await insert(InsightsModels.subscription, [...folded.subscriptions.values()]);
    await insert(InsightsModels.planCharge, [...charges.values()]);
    console.log(
      `• history: ${PLAYS.toLocaleString('en-IN')} plays, ${history.length.toLocaleString('en-IN')} events → ` +
        `${folded.engagement.size.toLocaleString('en-IN')} engagement, ${folded.revenue.size} revenue and ` +
        `${(folded.qoe.size + folded.qoeDimensions.size).toLocaleString('en-IN')} QoE buckets, ${viewers.size.toLocaleString('en-IN')} viewers (${fmt(ms(start))})`,
    );

    // 2. The screen's calls, per range: its three reports side by side, then the top title's retention curve.
    const rows: string[] = [];
    for (const days of [7, 30, 90] as InsightsRange[]) {
      const screens: number[] = [];
      const parts: Record<string, number[]> = { engagement: [], revenue: [], qoe: [], retention: [] };
      for (let run = 0; run < RUNS; run += 1) {
        start = process.hrtime.bigint();
        const timed = async <T>(name: string, call: () => Promise<T>) => {
          const began = process.hrtime.bigint();
          const result = await call();
          parts[name].push(ms(began));
          return result;
        };
        const [engagement] = await Promise.all([
          timed('engagement', () => service.call(InsightsRpc.engagement, { days })),
          timed('revenue', () => service.call(InsightsRpc.revenue, { days })),
          timed('qoe', () => service.call(InsightsRpc.qoe, { days })),
        ]);
        const top = engagement.titles[0]?.itemId ?? titleIds[0];
        await timed('retention', () => service.call(InsightsRpc.retention, { itemId: top, days }));
        screens.push(ms(start));
      }
      const line = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return `p50 ${fmt(percentile(sorted, 50))}, p95 ${fmt(percentile(sorted, 95))}, first ${fmt(values[0])}`;
      };
      rows.push(`  ${days} days — whole screen: ${line(screens)}`);
      for (const [name, values] of Object.entries(parts)) rows.push(`      ${name}: ${line(values)}`);
    }
    console.log(`• the Insights screen over NATS (${RUNS} runs per range; goal: under 1 s):`);
    for (const row of rows) console.log(row);

    // 3. The consumer's own rate, on plays of their own.
    if (CONSUMER_PLAYS > 0) {
      const live = generateHistory({
        plays: CONSUMER_PLAYS,
        titleIds,
        viewers: VIEWERS,
        days: 1,
        end: new Date(),
        random: seededRandom(29),
      });
      const redis = service.app.get(REDIS_CLIENT);
      const before = await redis.xlen(EVENT_STREAM);
      start = process.hrtime.bigint();
      await bus.publishMany(
        live.map(({ type, payload, occurredAt }) => ({ type, payload, occurredAt }) as never),
      );
      const group = 'recommendation-service.insights';
      for (;;) {
        const info = (await redis.xinfo('GROUPS', EVENT_STREAM)) as unknown[][];
        const row = info.find((fields) => fields[1] === group);
        const lag = row ? Number(row[row.indexOf('lag') + 1]) : NaN;
        const pending = row ? Number(row[row.indexOf('pending') + 1]) : NaN;
        if (lag === 0 && pending === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const seconds = ms(start) / 1000;
      console.log(
        `• consumer: ${live.length.toLocaleString('en-IN')} events of ${CONSUMER_PLAYS} plays applied in ` +
          `${seconds.toFixed(1)} s (${Math.round(live.length / seconds)} events/s; stream held ${before} before)`,
      );
    }
  } finally {
    await service.close();
    await Promise.all([mongo.stop(), redisServer.stop(), nats.stop()]);
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
