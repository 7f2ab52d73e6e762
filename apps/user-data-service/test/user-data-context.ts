import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getModelToken } from '@nestjs/mongoose';
import type { Redis } from 'ioredis';
import type { Model } from 'mongoose';
import type { EventEnvelope, EventPayload, EventType } from '@app/contracts';
import { EVENT_STREAM, UserDataRpc } from '@app/contracts';
import { buildEnvelope, ENVELOPE_FIELD, EventBus, REDIS_CLIENT } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { newId, progressReport, startServiceUnderTest, suiteInfra, waitUntil } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { EpisodeRecord } from '../src/episodes/episode.schema';
import { CONSUMER_GROUP } from '../src/events/user-data-events.consumer';
import { FavoriteRecord } from '../src/favorites/favorite.schema';
import { HistoryRecord } from '../src/history/history.schema';
import { HistoryRepository } from '../src/history/history.repository';
import { SettingsRecord } from '../src/settings/settings.schema';
import { TitleRecord } from '../src/titles/title.schema';

export { newId };

/** A moment on 2025-06-01 (in the past, so within the clock-skew rule), `second` seconds after noon UTC. */
export const at = (second: number) => new Date(Date.UTC(2025, 5, 1, 12, 0, second)).toISOString();

export type UserDataHarness = Awaited<ReturnType<typeof startUserData>>;

/** The real service on the suite's database and Redis, a bus to publish as other services do, and probes. */
export const startUserData = async (suite: string) => {
  const infra = suiteInfra(suite);
  // Mail the service sends (reminders, contact messages) lands in a directory of this harness, removed with it.
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'user-data-outbox-'));
  const env = envSchema.parse({
    MONGODB_URI: infra.mongoUri,
    MONGODB_DB: infra.mongoDb,
    REDIS_URL: infra.redisUrl,
    OUTBOX_DIR: outboxDir,
  });
  const service: ServiceUnderTest = await startServiceUnderTest(
    'user-data-service',
    AppModule.register(env),
    infra.mongoUri,
  );
  const redis = service.app.get<Redis>(REDIS_CLIENT);
  // One Redis serves every suite of an `npm test` run, so the event stream holds other suites' events too, which
  // this new consumer group works through from the start: only what comes after this point is this suite's.
  const suiteStart = (await redis.xrevrange(EVENT_STREAM, '+', '-', 'COUNT', 1))[0]?.[0] ?? '0-0';
  const bus = new EventBus(redis);
  const history = service.app.get(HistoryRepository);
  const model = <T>(name: string) => service.app.get<Model<T>>(getModelToken(name));
  const models = {
    history: model<HistoryRecord>(HistoryRecord.name),
    titles: model<TitleRecord>(TitleRecord.name),
    episodes: model<EpisodeRecord>(EpisodeRecord.name),
    favorites: model<FavoriteRecord>(FavoriteRecord.name),
    settings: model<SettingsRecord>(SettingsRecord.name),
  };

  /**
   * A viewer (one profile of an account: its default one unless named) and a title, a way to report positions on the
   * bus as streaming-service does, and one to announce the title as the catalogue does (published at second 0).
   */
  const newViewing = (userId = newId(), movieId = newId(), profileId?: string) => {
    const progress = (
      positionSeconds: number,
      reportedAt: string,
      overrides: Partial<EventPayload<'watch.progressed'>> = {},
    ) =>
      progressReport(userId, movieId, {
        positionSeconds,
        reportedAt,
        ...(profileId ? { profileId } : {}),
        ...overrides,
      });
    const report = (...args: Parameters<typeof progress>) =>
      bus.publish('watch.progressed', progress(...args));
    const record = () => history.findOne({ userId, profileId: profileId ?? userId }, movieId);
    const published = (title: Omit<EventPayload<'movie.published'>, 'movieId' | 'publishDate'>) =>
      bus.publish('movie.published', { movieId, publishDate: at(0), ...title });
    return { userId, movieId, progress, report, record, published };
  };

  /**
   * The consumer handles the stream in order: once a later report of another viewing is stored, every event
   * published before it has been handled, so "nothing changed" is an observation, not a timing guess.
   */
  const drain = async () => {
    const marker = newViewing();
    await marker.report(1, at(0));
    await waitUntil(async () => (await marker.record()) !== null, 'the marker report');
  };

  /** Publishes an event as if it had occurred at `occurredAt` (an old event retried late). */
  const publishAt = async <T extends EventType>(type: T, payload: EventPayload<T>, occurredAt: Date) => {
    const envelope = buildEnvelope(type, payload, occurredAt);
    await redis.xadd(EVENT_STREAM, '*', ENVELOPE_FIELD, JSON.stringify(envelope));
    return envelope.id;
  };

  /** Payloads of one type on the stream (shared with other suites: callers filter by their own ids). */
  const published = async <T extends EventType>(type: T): Promise<Array<EventPayload<T>>> =>
    (await redis.xrange(EVENT_STREAM, '-', '+'))
      .map(([, fields]) => JSON.parse(fields[1]) as EventEnvelope<EventPayload<T>>)
      .filter((envelope) => envelope.type === type)
      .map((envelope) => envelope.payload);

  /**
   * This suite's events still pending in the group. A failed handler leaves its event pending (for a retry much
   * later), so none pending means none failed.
   */
  const pendingOfGroup = async () =>
    ((await redis.xpending(EVENT_STREAM, CONSUMER_GROUP, `(${suiteStart}`, '+', 100_000)) as unknown[])
      .length;

  /** A viewer's Continue Watching row, as the gateway asks for it. */
  const continueWatching = (userId: string) => service.call(UserDataRpc.continueWatching, { userId });

  return {
    service,
    redis,
    bus,
    history,
    models,
    newViewing,
    drain,
    publishAt,
    published,
    pendingOfGroup,
    continueWatching,
    close: async () => {
      await service.close();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
};
