import { ErrorCode } from '@app/contracts';
import { AppError } from '../errors/app-error';
import type { EventBus } from './event-bus';
import { type MarkedEvent, type MarkerSource, Outbox, type SettledChecks } from './outbox';
import { memoryOutboxStore } from './outbox-memory';
import { type OutboxEntry, OutboxState } from './outbox.repository';

const GRACE_MS = 60_000;

const setUp = (
  checks: SettledChecks = { 'user.deleted': async () => true, 'user.updated': async () => true },
  markers: MarkerSource[] = [],
) => {
  const { rows, store } = memoryOutboxStore();
  const published: Array<{ type: string; payload: unknown; id?: string; occurredAt?: Date }> = [];
  let redisAway = false;
  const events = {
    publish: jest.fn(async (type: string, payload: unknown, options: { id?: string; occurredAt?: Date }) => {
      if (redisAway) throw new AppError(ErrorCode.ServiceUnavailable, 'try again');
      published.push({ type, payload, id: options.id, occurredAt: options.occurredAt });
      return options.id ?? 'new-id';
    }),
    publishMany: jest.fn(async (many: Array<{ type: string; payload: unknown; occurredAt?: Date }>) => {
      if (redisAway) throw new AppError(ErrorCode.ServiceUnavailable, 'try again');
      published.push(...many.map(({ type, payload, occurredAt }) => ({ type, payload, occurredAt })));
      return many.map(() => 'new-id');
    }),
  };
  const outbox = new Outbox(store, events as unknown as EventBus, checks, {
    graceMs: GRACE_MS,
    markers,
  });
  return {
    outbox,
    rows,
    store,
    published,
    redis: (away: boolean) => (redisAway = away),
    /** An entry a process left behind, its claim ended. */
    leftBehind: (entry: Partial<OutboxEntry> & Pick<OutboxEntry, 'type' | 'payload'>) => {
      const at = new Date(Date.now() - 2 * GRACE_MS);
      const row: OutboxEntry = {
        _id: `left-${rows.size}`,
        occurredAt: at,
        createdAt: at,
        claimedUntil: new Date(Date.now() - GRACE_MS),
        state: OutboxState.Pending,
        seq: 0,
        ...entry,
      };
      rows.set(row._id, row);
      return row;
    },
  };
};

const deleted = (userId: string) => ({ type: 'user.deleted' as const, payload: { userId } });

describe('Outbox.announce', () => {
  it('stores the event before the change, then publishes it under that id and removes it', async () => {
    const { outbox, rows, published } = setUp();
    const seen: OutboxEntry[] = [];
    const result = await outbox.announce(deleted('u1'), async () => {
      seen.push(...rows.values());
      return 'changed';
    });
    expect(result).toBe('changed');
    expect(seen).toEqual([
      expect.objectContaining({
        type: 'user.deleted',
        payload: { userId: 'u1' },
        state: OutboxState.Pending,
      }),
    ]);
    expect(published).toEqual([
      { type: 'user.deleted', payload: { userId: 'u1' }, id: seen[0]._id, occurredAt: seen[0].occurredAt },
    ]);
    expect(rows.size).toBe(0);
  });

  it('costs two outbox writes per event when the change decides nothing of it: stored before, removed after', async () => {
    const { outbox, store } = setUp();
    const writes = (['insert', 'markReady', 'release', 'remove', 'dropPending'] as const).map(
      (method) => [method, jest.spyOn(store, method)] as const,
    );
    await outbox.announce([deleted('u1'), deleted('u2')], async () => undefined);
    expect(Object.fromEntries(writes.map(([method, spy]) => [method, spy.mock.calls.length]))).toEqual({
      insert: 1,
      markReady: 0,
      release: 0,
      remove: 2,
      dropPending: 0,
    });
  });

  it('marks entries ready with what the change decided before publishing them', async () => {
    const { outbox, rows, store } = setUp();
    const capturedAt = new Date('2026-01-02T03:04:05.000Z');
    const readyBeforePublish: OutboxEntry[] = [];
    jest.spyOn(store, 'remove').mockImplementationOnce(async () => {
      readyBeforePublish.push(...rows.values());
    });
    await outbox.announce({ ...deleted('u1'), at: (result: Date) => result }, async () => capturedAt);
    expect(readyBeforePublish).toEqual([
      expect.objectContaining({ state: OutboxState.Ready, occurredAt: capturedAt }),
    ]);
  });

  it('publishes the events of one change in their order', async () => {
    const { outbox, published } = setUp();
    await outbox.announce([deleted('u1'), deleted('u2')], async () => undefined);
    expect(published.map(({ payload }) => payload)).toEqual([{ userId: 'u1' }, { userId: 'u2' }]);
  });

  it('announces what the change stored when the result decides the payload', async () => {
    const { outbox, published } = setUp();
    const snapshot = {
      userId: 'u1',
      username: 'Asha B',
      email: 'a@example.in',
      role: 'user',
      status: 'active',
    };
    await outbox.announce(
      { type: 'user.updated', payload: { ...snapshot, username: 'Asha' }, stored: (stored) => stored },
      async () => snapshot,
    );
    expect(published.map(({ payload }) => payload)).toEqual([snapshot]);
  });

  it('announces nothing for a change not made, and drops its entry', async () => {
    const { outbox, rows, published } = setUp();
    await expect(
      outbox.announce(
        deleted('u1'),
        async () => false,
        (removed) => removed,
      ),
    ).resolves.toBe(false);
    expect(published).toEqual([]);
    expect(rows.size).toBe(0);
  });

  it('announces nothing for a refused change (an AppError), and drops its entry', async () => {
    const { outbox, rows, published } = setUp();
    const refusal = AppError.notFound('no such user');
    await expect(
      outbox.announce(deleted('u1'), async () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(published).toEqual([]);
    expect(rows.size).toBe(0);
  });

  it('leaves the entry to the relay when a dependency the change called was away (a 503: it may have landed)', async () => {
    const { outbox, rows, published } = setUp();
    await expect(
      outbox.announce(deleted('u1'), async () => {
        throw new AppError(ErrorCode.ServiceUnavailable, 'try again');
      }),
    ).rejects.toMatchObject({ code: ErrorCode.ServiceUnavailable });
    expect(published).toEqual([]);
    expect([...rows.values()].map(({ state }) => state)).toEqual([OutboxState.Pending]);
  });

  it('dates the event when the change says the fact happened (an earlier capture a replay finds)', async () => {
    const { outbox, published } = setUp();
    const capturedAt = new Date('2026-01-02T03:04:05.000Z');
    await outbox.announce({ ...deleted('u1'), at: (result: Date) => result }, async () => capturedAt);
    expect(published).toEqual([expect.objectContaining({ occurredAt: capturedAt })]);
  });

  it('leaves the entry to the relay when the change failed otherwise (it may have landed)', async () => {
    const { outbox, rows, published } = setUp();
    await expect(
      outbox.announce(deleted('u1'), async () => {
        throw new Error('connection reset');
      }),
    ).rejects.toThrow('connection reset');
    expect(published).toEqual([]);
    expect([...rows.values()].map(({ state }) => state)).toEqual([OutboxState.Pending]);
  });

  it('fails the request while Redis is away, keeps the event ready and lets the relay publish it once, same id', async () => {
    const { outbox, rows, published, redis } = setUp();
    redis(true);
    await expect(outbox.announce(deleted('u1'), async () => undefined)).rejects.toMatchObject({
      code: ErrorCode.ServiceUnavailable,
    });
    const [entry] = rows.values();
    expect(entry).toMatchObject({ state: OutboxState.Ready });
    expect(await outbox.relay()).toBe(1);
    expect(rows.size).toBe(1);

    redis(false);
    await outbox.relay();
    await outbox.relay();
    expect(published).toEqual([
      { type: 'user.deleted', payload: { userId: 'u1' }, id: entry._id, occurredAt: entry.occurredAt },
    ]);
    expect(rows.size).toBe(0);
  });

  it('refuses an event type the service registered no settled check for, before any change', async () => {
    const { outbox, rows } = setUp({});
    const change = jest.fn(async () => undefined);
    await expect(outbox.announce(deleted('u1'), change)).rejects.toThrow(/no settled check for user.deleted/);
    expect(change).not.toHaveBeenCalled();
    expect(rows.size).toBe(0);
  });

  it('refuses a payload its contract rejects, before any change', async () => {
    const { outbox } = setUp();
    const change = jest.fn(async () => undefined);
    await expect(
      outbox.announce({ type: 'user.deleted', payload: { userId: 42 as unknown as string } }, change),
    ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(change).not.toHaveBeenCalled();
  });
});

describe('Outbox.relay', () => {
  it('leaves alone an entry whose request is still within its grace period', async () => {
    const { outbox, rows, published } = setUp();
    let relayed = -1;
    await outbox.announce(deleted('u1'), async () => {
      relayed = await outbox.relay();
    });
    expect(relayed).toBe(0);
    expect(published).toHaveLength(1);
    expect(rows.size).toBe(0);
  });

  it('publishes an entry left pending (the process died after its change) when its check finds the fact stored', async () => {
    const settledCheck = jest.fn(async () => true);
    const { outbox, rows, published, leftBehind } = setUp({ 'user.deleted': settledCheck });
    const entry = leftBehind({ type: 'user.deleted', payload: { userId: 'u1' } });
    expect(await outbox.relay()).toBe(1);
    expect(settledCheck).toHaveBeenCalledWith(
      { userId: 'u1' },
      expect.objectContaining({ occurredAt: entry.occurredAt }),
    );
    expect(published).toEqual([
      { type: 'user.deleted', payload: { userId: 'u1' }, id: entry._id, occurredAt: entry.occurredAt },
    ]);
    expect(rows.size).toBe(0);
  });

  it('drops an entry left pending whose change was never made', async () => {
    const { outbox, rows, published, leftBehind } = setUp({ 'user.deleted': async () => false });
    leftBehind({ type: 'user.deleted', payload: { userId: 'u1' } });
    await outbox.relay();
    expect(published).toEqual([]);
    expect(rows.size).toBe(0);
  });

  it('keeps a pending entry marked ready while its check ran (the slow change landed meanwhile)', async () => {
    const { outbox, rows, published, leftBehind } = setUp({
      'user.deleted': async () => {
        const row = rows.get(entry._id);
        if (row) row.state = OutboxState.Ready;
        return false;
      },
    });
    const entry = leftBehind({ type: 'user.deleted', payload: { userId: 'u1' } });
    await outbox.relay();
    expect(published).toEqual([]);
    expect(rows.get(entry._id)?.state).toBe(OutboxState.Ready);
  });

  it('publishes ready entries oldest first, each once, however many relays run', async () => {
    const { outbox, published, leftBehind } = setUp();
    leftBehind({
      type: 'user.deleted',
      payload: { userId: 'u2' },
      state: OutboxState.Ready,
      createdAt: new Date(2),
    });
    leftBehind({
      type: 'user.deleted',
      payload: { userId: 'u1' },
      state: OutboxState.Ready,
      createdAt: new Date(1),
    });
    await Promise.all([outbox.relay(), outbox.relay(), outbox.relay()]);
    expect(published.map(({ payload }) => payload)).toEqual([{ userId: 'u1' }, { userId: 'u2' }]);
  });

  it('leaves an entry of a type without a check claimed, for a release that knows it', async () => {
    const { outbox, rows, published, leftBehind } = setUp({});
    leftBehind({ type: 'user.deleted', payload: { userId: 'u1' } });
    await outbox.relay();
    expect(published).toEqual([]);
    expect([...rows.values()][0].claimedUntil.getTime()).toBeGreaterThan(Date.now());
  });
});

/** Documents marking `media.ready` in the changed document: `announcedAt` null until cleared. */
const markedAssets = () => {
  const docs = new Map<string, { readyAt: Date; announcedAt: Date | null }>();
  const event = (movieId: string, readyAt: Date): MarkedEvent => ({
    type: 'media.ready',
    payload: { movieId, durationSeconds: 60 },
    occurredAt: readyAt,
  });
  const source: MarkerSource = {
    pending: async (before, limit) =>
      [...docs.entries()]
        .filter(([, doc]) => doc.announcedAt === null && doc.readyAt <= before)
        .slice(0, limit)
        .map(([movieId, doc]) => ({
          event: event(movieId, doc.readyAt),
          done: async () => (doc.announcedAt = new Date()),
        })),
  };
  return { docs, event, source };
};

describe('Outbox with events marked in the changed document', () => {
  it('announces a marked event and clears its marker, with no outbox entry', async () => {
    const assets = markedAssets();
    const { outbox, rows, published } = setUp(undefined, [assets.source]);
    const readyAt = new Date();
    assets.docs.set('m1', { readyAt, announcedAt: null });
    await outbox.announceMarked(assets.event('m1', readyAt), async () => {
      assets.docs.get('m1')!.announcedAt = new Date();
    });
    expect(published).toEqual([
      expect.objectContaining({
        type: 'media.ready',
        payload: { movieId: 'm1', durationSeconds: 60 },
        occurredAt: readyAt,
      }),
    ]);
    expect(rows.size).toBe(0);
    expect(assets.docs.get('m1')?.announcedAt).toEqual(expect.any(Date));
  });

  it('leaves the marker when the publish fails, and the relay announces it once past the grace period', async () => {
    const assets = markedAssets();
    const { outbox, published, redis } = setUp(undefined, [assets.source]);
    assets.docs.set('fresh', { readyAt: new Date(), announcedAt: null });
    redis(true);
    await expect(
      outbox.announceMarked(assets.event('fresh', new Date()), async () => undefined),
    ).rejects.toMatchObject({ code: ErrorCode.ServiceUnavailable });
    redis(false);
    // Within its grace period the request's own (a slow request) is left alone; one left long ago is announced.
    assets.docs.set('left', { readyAt: new Date(Date.now() - 2 * GRACE_MS), announcedAt: null });
    expect(await outbox.relay()).toBe(1);
    await outbox.relay();
    expect(published.map(({ payload }) => payload)).toEqual([{ movieId: 'left', durationSeconds: 60 }]);
    expect(assets.docs.get('left')?.announcedAt).toEqual(expect.any(Date));
    expect(assets.docs.get('fresh')?.announcedAt).toBeNull();
  });

  it('announces a batch of marked events in one publish and clears their markers with one call', async () => {
    const assets = markedAssets();
    const { outbox, published } = setUp(undefined, [assets.source]);
    const readyAt = new Date();
    for (const id of ['m1', 'm2', 'm3']) assets.docs.set(id, { readyAt, announcedAt: null });
    const done = jest.fn(async () => {
      for (const doc of assets.docs.values()) doc.announcedAt = new Date();
    });
    await outbox.announceMarkedMany(
      ['m1', 'm2', 'm3'].map((id) => assets.event(id, readyAt)),
      done,
    );
    expect(published.map(({ payload }) => payload)).toEqual([
      { movieId: 'm1', durationSeconds: 60 },
      { movieId: 'm2', durationSeconds: 60 },
      { movieId: 'm3', durationSeconds: 60 },
    ]);
    expect(done).toHaveBeenCalledTimes(1);
    // Nothing left for the relay.
    expect(await outbox.relay()).toBe(0);
  });

  it('leaves every marker of a batch whose publish fails for the relay', async () => {
    const assets = markedAssets();
    const { outbox, published, redis } = setUp(undefined, [assets.source]);
    const old = new Date(Date.now() - 2 * GRACE_MS);
    for (const id of ['m1', 'm2']) assets.docs.set(id, { readyAt: old, announcedAt: null });
    const done = jest.fn(async () => undefined);
    redis(true);
    await expect(
      outbox.announceMarkedMany([assets.event('m1', old), assets.event('m2', old)], done),
    ).rejects.toMatchObject({ code: ErrorCode.ServiceUnavailable });
    expect(done).not.toHaveBeenCalled();
    redis(false);
    expect(await outbox.relay()).toBe(2);
    expect(published.map(({ payload }) => payload)).toEqual([
      { movieId: 'm1', durationSeconds: 60 },
      { movieId: 'm2', durationSeconds: 60 },
    ]);
  });
});
