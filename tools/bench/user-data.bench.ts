import { Logger } from '@nestjs/common';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import type { EventPayload, Movie, Page, PlaybackSession } from '@app/contracts';
import { EVENT_STREAM } from '@app/contracts';
import { EventBus } from '@app/server-core';
import { benchApi, percentile, sleep, startBenchSystem } from './bench-system';

/**
 * `npm run bench:viewer` (issue 11): the product's hottest write, progress reports.
 * 1. The consumer path alone: watch.progressed events appended to the stream as fast as Redis takes them, timed until
 *    user-data-service has applied every one (its consumer group's lag and pending reach 0); against a reference run
 *    in the same go of the very same conditional upsert sent straight to the database by this process.
 * 2. The whole path: heartbeats through the gateway (stream token → streaming-service lease renewal → event →
 *    user-data → database), HTTP rate and latency, then the time until the last one is applied.
 * 3. Reads at 1,000 history items per viewer: GET Continue Watching and a history page through the gateway.
 * Prints figures and ratios; not part of the tests.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 40);
const HISTORY_ITEMS = 1000;
const GROUP = 'user-data-service';

type Result = { label: string; rate: number; p50: number | null; p99: number | null };
const row = (r: Result, reference?: Result) =>
  `| ${r.label} | ${r.rate.toFixed(0)} | ${r.p50?.toFixed(2) ?? '–'} | ${r.p99?.toFixed(2) ?? '–'} |${reference ? ` ${(r.rate / reference.rate).toFixed(2)}× |` : ''}`;
const hex24 = (n: number) => n.toString(16).padStart(24, '0');

/** Waits until user-data-service's group has read and acknowledged everything in the stream; returns when. */
const drained = async (redis: Redis): Promise<number> => {
  for (;;) {
    const groups = (await redis.xinfo('GROUPS', EVENT_STREAM)) as unknown[][];
    const group = groups
      .map((fields) => Object.fromEntries(fields.flatMap((v, i) => (i % 2 ? [] : [[v, fields[i + 1]]]))))
      .find((fields) => fields.name === GROUP);
    if (group && Number(group.lag) === 0 && Number(group.pending) === 0) return Date.now();
    await sleep(20);
  }
};

const main = async () => {
  Logger.overrideLogger(['warn', 'error']);
  const system = await startBenchSystem('bench-viewer', __dirname);
  const redis = new Redis(system.redisUrl);
  const events = new EventBus(redis);
  try {
    const base = system.url;
    const api = benchApi(base);

    // Catalogue titles (their snapshots are in user-data by now) and a playable one.
    const titles: Movie[] = [];
    for (let page = 1; titles.length < HISTORY_ITEMS; page++) {
      const list = await api.json<Page<Movie>>(`/api/movies?page=${page}&pageSize=100`);
      titles.push(...list.data);
      if (page * 100 >= list.total) break;
    }
    const playable = await api.playableTitle();
    await drained(redis);

    // 1a. Reference: the same conditional upsert, straight to the database, CONNECTIONS at a time.
    const connection = await mongoose
      .createConnection(system.mongoUri, { dbName: 'bench-reference' })
      .asPromise();
    const collection = connection.db!.collection('history');
    await collection.createIndex({ userId: 1, movieId: 1 }, { unique: true });
    const reports = (count: number, users: number) =>
      Array.from({ length: count }, (_, i): EventPayload<'watch.progressed'> => ({
        userId: hex24(0xb0000 + (i % users)),
        movieId: titles[i % titles.length].id,
        positionSeconds: 10 + Math.floor(i / users) * 10,
        durationSeconds: 5400,
        event: 'tick',
        leaseId: `bench-lease-${i % users}`,
        reportedAt: new Date(Date.now() - 60_000 + Math.floor(i / users) * 10).toISOString(),
        watchedSeconds: 10,
      }));
    const direct = reports(EVENTS, 2000);
    let next = 0;
    const directLatencies: number[] = [];
    const directStart = Date.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < direct.length) {
          const report = direct[next++];
          const reportedAt = new Date(report.reportedAt);
          const start = process.hrtime.bigint();
          await collection.updateOne(
            {
              userId: report.userId,
              movieId: report.movieId,
              $or: [{ lastWatchedAt: null }, { lastWatchedAt: { $lt: reportedAt } }],
            },
            {
              $set: { positionSeconds: report.positionSeconds, lastWatchedAt: reportedAt, hidden: false },
              $inc: { watchTimeSeconds: 10, [`watchByMonth.${report.reportedAt.slice(0, 7)}`]: 10 },
            },
            { upsert: true },
          );
          directLatencies.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
      }),
    );
    const directSorted = directLatencies.sort((a, b) => a - b);
    const reference: Result = {
      label: `reference: the conditional upsert straight to the database (${CONNECTIONS} in flight)`,
      rate: EVENTS / ((Date.now() - directStart) / 1000),
      p50: percentile(directSorted, 50),
      p99: percentile(directSorted, 99),
    };
    await connection.dropDatabase();
    await connection.close();

    // 1b. The consumer: events appended as fast as Redis takes them, timed until all are applied.
    const consumerStart = Date.now();
    const batch = reports(EVENTS, 2000);
    for (let i = 0; i < batch.length; i += 500)
      await Promise.all(batch.slice(i, i + 500).map((report) => events.publish('watch.progressed', report)));
    const published = Date.now();
    const consumed = await drained(redis);
    const consumer: Result = {
      label: `watch.progressed → user-data-service → database (${EVENTS} events, 2,000 viewers)`,
      rate: EVENTS / ((consumed - consumerStart) / 1000),
      p50: null,
      p99: null,
    };
    console.log(`  (appending ${EVENTS} events took ${((published - consumerStart) / 1000).toFixed(1)} s)`);

    // 2. The whole path through the gateway: one open playback per viewer, heartbeats round-robin.
    console.log(`\nSigning up ${VIEWERS} viewers and opening one playback each…`);
    const sessions: Array<{ token: string; leaseId: string; position: number }> = [];
    for (let n = 0; n < VIEWERS; n++) {
      const viewer = await api.newViewer('viewer');
      const opened = await api.json<PlaybackSession>(
        `/api/playback/${playable.id}`,
        { method: 'POST', body: '{}' },
        viewer.token,
      );
      sessions.push({ token: opened.token, leaseId: opened.leaseId, position: 0 });
    }
    let turn = 0;
    const heartbeatLatencies: number[] = [];
    let failures = 0;
    const heartbeatStart = Date.now();
    const end = heartbeatStart + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < end) {
          const session = sessions[turn++ % sessions.length];
          session.position += 1;
          const start = process.hrtime.bigint();
          const res = await fetch(`${base}/api/playback/heartbeat`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              token: session.token,
              leaseId: session.leaseId,
              positionSeconds: session.position % 20,
              durationSeconds: 20,
              event: 'tick',
              watchedSeconds: 1,
            }),
          });
          // Each report answers a fresh stream token, which the next carries, as the player does (DECISIONS 35).
          if (res.ok) session.token = ((await res.json()) as { token?: string }).token ?? session.token;
          else {
            await res.arrayBuffer();
            failures++;
          }
          heartbeatLatencies.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
      }),
    );
    const heartbeatEnd = Date.now();
    const applied = await drained(redis);
    const sortedBeats = heartbeatLatencies.sort((a, b) => a - b);
    const gateway: Result = {
      label: `POST /api/playback/heartbeat via gateway (${CONNECTIONS} in flight, ${VIEWERS} viewers)`,
      rate: heartbeatLatencies.length / ((heartbeatEnd - heartbeatStart) / 1000),
      p50: percentile(sortedBeats, 50),
      p99: percentile(sortedBeats, 99),
    };
    const endToEnd: Result = {
      label: 'the same reports, until the last one is in the database',
      rate: heartbeatLatencies.length / ((applied - heartbeatStart) / 1000),
      p50: null,
      p99: null,
    };

    // 3. Reads at 1,000 history items for one viewer.
    const reader = await api.newViewer('reader');
    for (let i = 0; i < HISTORY_ITEMS; i += 250)
      await Promise.all(
        titles.slice(i, Math.min(i + 250, HISTORY_ITEMS)).map((title, k) =>
          events.publish('watch.progressed', {
            userId: reader.id,
            movieId: title.id,
            positionSeconds: 600 + ((i + k) % 3000),
            durationSeconds: 5400,
            event: 'tick',
            leaseId: 'bench-reader',
            reportedAt: new Date(Date.now() - (i + k) * 1000).toISOString(),
            watchedSeconds: 10,
          }),
        ),
      );
    await drained(redis);
    const reads: Result[] = [];
    for (const [label, urlPath] of [
      ['GET continue-watching (1,000 history items)', `/api/users/${reader.id}/continue-watching`],
      [
        'GET watch-history page of 24 (1,000 items)',
        `/api/users/${reader.id}/watch-history?page=1&pageSize=24`,
      ],
      [
        'GET watch-history page 40 of 24 (1,000 items)',
        `/api/users/${reader.id}/watch-history?page=40&pageSize=24`,
      ],
    ]) {
      const url = `${base}${urlPath}`;
      const headers = { authorization: `Bearer ${reader.token}` };
      await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
      const run = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
      if (run.non2xx || run.errors) throw new Error(`${label}: ${run.non2xx} non-2xx, ${run.errors} errors`);
      reads.push({ label, rate: run.requests.average, p50: run.latency.p50, p99: run.latency.p99 });
    }

    console.log(`\n## Progress reports: the consumer path (${EVENTS} events)\n`);
    console.log('| path | reports/s | p50 ms | p99 ms | vs reference |');
    console.log('|---|---|---|---|---|');
    console.log(row(reference, reference));
    console.log(row(consumer, reference));
    console.log(`\n## Progress reports: the whole path (${SECONDS} s, ${failures} failed)\n`);
    console.log('| path | reports/s | p50 ms | p99 ms |');
    console.log('|---|---|---|---|');
    console.log(row(gateway));
    console.log(row(endToEnd));
    console.log(
      `\nAt one report per viewer every 10 s: the whole path carries ~${Math.round(endToEnd.rate * 10).toLocaleString('en-IN')} concurrent viewers, the consumer alone ~${Math.round(consumer.rate * 10).toLocaleString('en-IN')}.`,
    );
    console.log(`\n## Reads (${CONNECTIONS} connections, ${SECONDS} s)\n`);
    console.log('| path | requests/s | p50 ms | p99 ms |');
    console.log('|---|---|---|---|');
    for (const read of reads) console.log(row(read));
    console.log(
      '\nTargets (issue 11): ≥ 2,000 reports/s (20,000 concurrent viewers); Continue Watching and history p99 ≤ 30 ms at 1,000 items.',
    );
  } finally {
    redis.disconnect();
    await system.stop();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
