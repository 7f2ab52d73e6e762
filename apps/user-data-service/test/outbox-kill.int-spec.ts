import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UserDataRpc } from '@app/contracts';
import { newId, startOutboxKillSuite } from '@app/server-testing';

// Issue 29 §1: user-data-service, run as its own process, dies between storing a favorite and publishing
// `favorite.added` (the outbox's test hook kills it right after the change). Restarted, it announces the favorite:
// the event reaches the stream exactly once, under the id stored before the change, and a consumer applies it once.
describe('user-data-service killed between the write and the publish (issue 29 §1)', () => {
  const suite = startOutboxKillSuite({
    service: 'user-data-service',
    eventType: 'favorite.added',
    keyOf: ({ userId }) => userId,
    env: () => ({ OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'user-data-outbox-kill-')) }),
  });
  const additionsOf = (userId: string) =>
    suite.eventsOf('favorite.added', (payload) => payload.userId === userId);

  it('announces the stored favorite once after the restart, and the favorite stays', async () => {
    const dying = await suite.start({ crashAfter: 'favorite.added' });
    const userId = newId();
    const movieId = newId();

    // The favorite is stored, then the process is killed before marking or publishing its event: no answer comes.
    await suite.diesDuring(
      dying,
      suite.client.request(UserDataRpc.addFavorite.pattern, {
        userId,
        movieId,
        snapshot: { title: 'Lagaan', posterUrl: '/posters/lagaan.svg', genre: 'Drama', rating: 8.1 },
      }),
    );
    const favorite = await suite.db.collection('favorites').findOne({ userId, movieId });
    if (!favorite) throw new Error('the add stored no favorite');
    expect(await additionsOf(userId)).toEqual([]);
    const left = await suite.outboxEntries();
    expect(left.map(({ type, state }) => ({ type, state }))).toEqual([
      { type: 'favorite.added', state: 'pending' },
    ]);
    const storedId = left[0]._id;

    // Restarted (no hook): its relay finds the favorite stored, so the add was made, and announces it.
    const restarted = await suite.restartAndSettle(userId);
    const additions = await additionsOf(userId);
    expect(additions.map(({ id, payload }) => ({ id, payload }))).toEqual([
      {
        id: storedId,
        payload: { userId, profileId: userId, movieId, addedAt: favorite.addedAt.toISOString() },
      },
    ]);
    expect(suite.applied.get(userId)).toBe(1);
    // The favorite is listed as stored.
    await expect(suite.client.request(UserDataRpc.listFavorites.pattern, { userId })).resolves.toEqual([
      expect.objectContaining({ movieId, addedAt: favorite.addedAt.toISOString() }),
    ]);
    const metrics = await suite.metrics(restarted);
    expect(metrics).toContain('outbox_published_total{by="relay"} 1');
    expect(metrics).toContain('outbox_waiting{state="pending"} 0');
  });
});
