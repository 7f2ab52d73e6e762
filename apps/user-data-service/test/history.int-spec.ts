import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { getModelToken } from '@nestjs/mongoose';
import type { Redis } from 'ioredis';
import type { Model } from 'mongoose';
import type { EventPayload } from '@app/contracts';
import { ErrorCode, EVENT_STREAM, HistoryRpc } from '@app/contracts';
import { EventBus, REDIS_CLIENT } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { startServiceUnderTest, suiteInfra } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { CONSUMER_GROUP } from '../src/history/history-events';
import { HistoryRepository } from '../src/history/history.repository';
import { HistoryRecord } from '../src/history/history.schema';
import { HistoryService } from '../src/history/history.service';

const newId = () => randomBytes(12).toString('hex');
const at = (second: number) => new Date(Date.UTC(2025, 5, 1, 12, 0, second)).toISOString();

const waitUntil = async (condition: () => Promise<boolean>, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('watch history in user-data-service (watch.progressed → userdata.history)', () => {
  const infra = suiteInfra('history');
  let service: ServiceUnderTest;
  let bus: EventBus;
  let redis: Redis;
  let history: HistoryRepository;

  beforeAll(async () => {
    const env = envSchema.parse({
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      OUTBOX_DIR: tmpdir(),
    });
    service = await startServiceUnderTest('user-data-service', AppModule.register(env), infra.mongoUri);
    redis = service.app.get<Redis>(REDIS_CLIENT);
    bus = new EventBus(redis);
    history = service.app.get(HistoryRepository);
  });

  afterAll(() => service?.close());

  /** A viewer and a title of their own, and a way to report positions on the bus as streaming-service does. */
  const newViewing = () => {
    const userId = newId();
    const movieId = newId();
    const progress = (
      positionSeconds: number,
      reportedAt: string,
      overrides: Partial<EventPayload<'watch.progressed'>> = {},
    ): EventPayload<'watch.progressed'> => ({
      userId,
      movieId,
      positionSeconds,
      durationSeconds: 5400,
      event: 'tick',
      leaseId: 'lease-0001',
      reportedAt,
      ...overrides,
    });
    const report = (...args: Parameters<typeof progress>) =>
      bus.publish('watch.progressed', progress(...args));
    const record = () => history.findOne(userId, movieId);
    return { userId, movieId, progress, report, record };
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

  const pendingOfGroup = async () => {
    const [count] = (await redis.xpending(EVENT_STREAM, CONSUMER_GROUP)) as [number, ...unknown[]];
    return count;
  };

  it('keeps one record per viewer and title, following the reports', async () => {
    const viewing = newViewing();
    await viewing.report(10, at(10));
    await waitUntil(async () => (await viewing.record()) !== null, 'the first report');
    await viewing.report(20, at(20), { event: 'pause' });
    await waitUntil(async () => (await viewing.record())?.positionSeconds === 20, 'the second report');
    const record = await viewing.record();
    expect(record).toMatchObject({
      userId: viewing.userId,
      movieId: viewing.movieId,
      positionSeconds: 20,
      durationSeconds: 5400,
      lastWatchedAt: new Date(at(20)),
    });
    expect(record?.createdAt).toBeInstanceOf(Date);
    expect(await history.countOf(viewing.userId)).toBe(1);
  });

  it('never moves back on a redelivered event or an older report', async () => {
    const viewing = newViewing();
    const firstId = await viewing.report(100, at(10));
    await viewing.report(200, at(20));
    await waitUntil(async () => (await viewing.record())?.positionSeconds === 200, 'the newer report');

    // A redelivery: the very entry of the first report, appended again with the same envelope.
    const [[, fields]] = (await redis.xrange(EVENT_STREAM, '-', '+')).filter(([, entry]) =>
      entry[1].includes(firstId),
    );
    await redis.xadd(EVENT_STREAM, '*', ...fields);
    // The stored report itself once more, then a late beacon, older than what is stored.
    await viewing.report(200, at(20));
    await viewing.report(150, at(15), { event: 'exit' });
    await drain();

    expect(await viewing.record()).toMatchObject({ positionSeconds: 200, lastWatchedAt: new Date(at(20)) });
    expect(await history.countOf(viewing.userId)).toBe(1);
    // Ignored, not failed: a failed handler leaves its event pending for a retry much later.
    await waitUntil(async () => (await pendingOfGroup()) === 0, 'every event acknowledged');
  });

  it('keeps the known duration when a report carries none', async () => {
    const viewing = newViewing();
    await viewing.report(10, at(10));
    await viewing.report(30, at(30), { durationSeconds: null });
    await waitUntil(async () => (await viewing.record())?.positionSeconds === 30, 'the second report');
    expect((await viewing.record())?.durationSeconds).toBe(5400);
  });

  it('ends at the newest of 50 reports that arrive out of order', async () => {
    const viewing = newViewing();
    const seconds = Array.from({ length: 50 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    await Promise.all(seconds.map((second) => viewing.report(second * 10, at(second))));
    await waitUntil(async () => (await viewing.record())?.positionSeconds === 500, 'the newest report');
    await drain();
    expect(await viewing.record()).toMatchObject({ positionSeconds: 500, lastWatchedAt: new Date(at(50)) });
    expect(await history.countOf(viewing.userId)).toBe(1);
  });

  it('ends at the newest of 50 reports written at the same moment, with one record', async () => {
    const viewing = newViewing();
    const historyService = service.app.get(HistoryService);
    const seconds = Array.from({ length: 50 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    const applied = await Promise.all(
      seconds.map((second) => historyService.recordProgress(viewing.progress(second * 10, at(second)))),
    );
    expect(applied).toContain(true);
    expect(await viewing.record()).toMatchObject({ positionSeconds: 500, lastWatchedAt: new Date(at(50)) });
    expect(await history.countOf(viewing.userId)).toBe(1);
  });

  it('applies a newer report that lost the insert race to an older first report', async () => {
    const viewing = newViewing();
    const model = service.app.get<Model<HistoryRecord>>(getModelToken(HistoryRecord.name));
    // Forces the interleaving a race produces: the newer report's filter saw no record, then an older first
    // report inserted it, so the newer one's insert is refused by the unique index.
    const spy = jest.spyOn(model, 'updateOne').mockImplementationOnce(
      () =>
        ({
          exec: async () => {
            await model.create({ ...viewing.progress(10, at(10)), lastWatchedAt: new Date(at(10)) });
            throw Object.assign(new Error('E11000 duplicate key error'), { code: 11000 });
          },
        }) as unknown as ReturnType<typeof model.updateOne>,
    );
    try {
      const applied = await service.app.get(HistoryService).recordProgress(viewing.progress(20, at(20)));
      expect(applied).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(await viewing.record()).toMatchObject({ positionSeconds: 20, lastWatchedAt: new Date(at(20)) });
    expect(await history.countOf(viewing.userId)).toBe(1);
  });

  it('answers the resume point over RPC, and null for a title never watched', async () => {
    const viewing = newViewing();
    await viewing.report(754, at(30), { event: 'exit' });
    await waitUntil(async () => (await viewing.record()) !== null, 'the report');
    await expect(
      service.call(HistoryRpc.resumePoint, { userId: viewing.userId, movieId: viewing.movieId }),
    ).resolves.toEqual({
      movieId: viewing.movieId,
      positionSeconds: 754,
      durationSeconds: 5400,
      lastWatchedAt: new Date(at(30)).toISOString(),
    });
    await expect(
      service.call(HistoryRpc.resumePoint, { userId: viewing.userId, movieId: newId() }),
    ).resolves.toBeNull();
  });

  it.each([
    ['a malformed user id', { userId: 'me', movieId: newId() }],
    ['an operator object', { userId: { $gt: '' }, movieId: newId() }],
    ['an extra field', { userId: newId(), movieId: newId(), all: true }],
  ])('refuses a resume-point request with %s', async (_, payload) => {
    await expect(service.send(HistoryRpc.resumePoint.pattern, payload)).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
  });

  it("drops a deleted user's history on user.deleted, and only theirs", async () => {
    const deleted = newViewing();
    const other = newViewing();
    await deleted.report(10, at(10));
    await deleted.report(20, at(20), { movieId: newId() });
    await other.report(30, at(30));
    await waitUntil(async () => (await other.record()) !== null, 'the reports');
    expect(await history.countOf(deleted.userId)).toBe(2);

    await bus.publish('user.deleted', { userId: deleted.userId });
    await waitUntil(async () => (await history.countOf(deleted.userId)) === 0, 'the history to go');
    expect(await other.record()).toMatchObject({ positionSeconds: 30 });
  });
});
