import type { Redis } from 'ioredis';
import { ErrorCode, EVENT_STREAM, HistoryRpc } from '@app/contracts';
import type { EventBus } from '@app/server-core';
import { buildEnvelope, ENVELOPE_FIELD } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import type { HistoryRepository } from '../src/history/history.repository';
import { HistoryService } from '../src/history/history.service';
import type { UserDataHarness } from './user-data-context';
import { waitUntil } from '@app/server-testing';
import { at, newId, startUserData } from './user-data-context';

describe('watch history in user-data-service (watch.progressed → userdata.history)', () => {
  let ctx: UserDataHarness;
  let service: ServiceUnderTest;
  let bus: EventBus;
  let redis: Redis;
  let history: HistoryRepository;

  beforeAll(async () => {
    ctx = await startUserData('history');
    ({ service, bus, redis, history } = ctx);
  });

  afterAll(() => ctx?.close());

  const newViewing = () => ctx.newViewing();
  const drain = () => ctx.drain();
  const pendingOfGroup = () => ctx.pendingOfGroup();

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
    expect(await history.countOf({ userId: viewing.userId, profileId: viewing.userId })).toBe(1);
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
    expect(await history.countOf({ userId: viewing.userId, profileId: viewing.userId })).toBe(1);
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
    expect(await history.countOf({ userId: viewing.userId, profileId: viewing.userId })).toBe(1);
  });

  it("writes a read's reports in one bulk write, one viewing's in stream order, adding each one's watch time", async () => {
    const viewings = Array.from({ length: 8 }, () => newViewing());
    const [twice] = viewings;
    const bulk = jest.spyOn(ctx.models.history, 'bulkWrite');
    const single = jest.spyOn(ctx.models.history, 'updateOne');
    try {
      // In the stream at once, as a busy minute leaves them: one XADD each, sent in one round trip.
      const pipeline = redis.pipeline();
      const add = (envelope: ReturnType<(typeof viewings)[0]['progress']>) =>
        pipeline.xadd(
          EVENT_STREAM,
          '*',
          ENVELOPE_FIELD,
          JSON.stringify(buildEnvelope('watch.progressed', envelope)),
        );
      for (const viewing of viewings) add(viewing.progress(60, at(10), { watchedSeconds: 10 }));
      add(twice.progress(70, at(20), { watchedSeconds: 10 }));
      await pipeline.exec();
      await drain();
      for (const viewing of viewings.slice(1))
        expect(await viewing.record()).toMatchObject({ positionSeconds: 60, watchTimeSeconds: 10 });
      expect(await twice.record()).toMatchObject({ positionSeconds: 70, watchTimeSeconds: 20 });
      // One read (or two, if the consumer read while the pipeline was landing): one bulk write each, and a second
      // round for the viewing reported twice. One write per report before.
      expect(bulk.mock.calls.length).toBeLessThanOrEqual(4);
      expect(single).not.toHaveBeenCalled();
    } finally {
      bulk.mockRestore();
      single.mockRestore();
    }
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
    expect(await history.countOf({ userId: viewing.userId, profileId: viewing.userId })).toBe(1);
  });

  it('applies a newer report that lost the insert race to an older first report', async () => {
    const viewing = newViewing();
    const model = ctx.models.history;
    // Forces the interleaving a race produces: the newer report's filter saw no record, then an older first
    // report inserted it, so the newer one's insert is refused by the unique index.
    const spy = jest.spyOn(model, 'updateOne').mockImplementationOnce(
      () =>
        ({
          exec: async () => {
            await model.create({
              ...viewing.progress(10, at(10)),
              profileId: viewing.userId,
              lastWatchedAt: new Date(at(10)),
            });
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
    expect(await history.countOf({ userId: viewing.userId, profileId: viewing.userId })).toBe(1);
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
    // Sent raw: the payload breaks the contract on purpose.
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
    expect(await history.countOf({ userId: deleted.userId, profileId: deleted.userId })).toBe(2);

    await bus.publish('user.deleted', { userId: deleted.userId });
    await waitUntil(
      async () => (await history.countOf({ userId: deleted.userId, profileId: deleted.userId })) === 0,
      'the history to go',
    );
    expect(await other.record()).toMatchObject({ positionSeconds: 30 });
  });
});
