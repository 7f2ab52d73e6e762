import { Types } from 'mongoose';
import type { TitleSnapshot } from '@app/contracts';
import { AuditAction, AuditTargetType, ErrorCode } from '@app/contracts';
import type { DeletedUsers, EventBus } from '@app/server-core';
import { AppError, AuditTrail, RequestContext } from '@app/server-core';
import { memoryOutbox } from '@app/server-testing';
import type { TitlesService } from '../titles/titles.service';
import type { FavoritesRepository, StoredFavorite } from './favorites.repository';
import { FAVORITES_LIST_LIMIT, FavoritesService } from './favorites.service';

const userId = 'a'.repeat(24);
const movieId = 'b'.repeat(24);
/** The account's default profile: what a call no profile's session makes reads and writes. */
const me = { userId, profileId: userId, ceiling: null };
const now = new Date('2025-06-01T12:00:00.000Z');
const snapshot: TitleSnapshot = { title: 'Lagaan', posterUrl: '/p.svg', genre: 'Drama', rating: 8.1 };
const stored = (addedAt: Date): StoredFavorite => ({
  _id: new Types.ObjectId(),
  userId,
  profileId: userId,
  movieId,
  ...snapshot,
  kind: 'movie',
  addedAt,
  snapshotAt: addedAt,
});

const setup = () => {
  const repository = {
    insert: jest.fn(async (): Promise<StoredFavorite | null> => stored(now)),
    findOne: jest.fn(async (): Promise<StoredFavorite | null> => null),
    remove: jest.fn(async (): Promise<StoredFavorite | null> => stored(now)),
    listOf: jest.fn(async (): Promise<StoredFavorite[]> => []),
  };
  const events = {
    publish: jest.fn(async (_type: string, _payload: unknown, _options?: unknown) => 'event-id'),
  };
  const deletedUsers = { isDeleted: jest.fn(async () => false) };
  // No ceiling filters anything unless a test says so.
  const titles = { allowedAmong: jest.fn(async (): Promise<Set<string> | null> => null) };
  const { outbox, entries } = memoryOutbox(events);
  const service = new FavoritesService(
    repository as unknown as FavoritesRepository,
    outbox,
    deletedUsers as unknown as DeletedUsers,
    new AuditTrail(events as unknown as EventBus),
    titles as unknown as TitlesService,
  );
  return { service, repository, events, deletedUsers, entries, titles };
};

const favorite = (addedAt: Date) => ({ id: movieId, movieId, ...snapshot, addedAt: addedAt.toISOString() });

describe('FavoritesService', () => {
  it('adds a favorite and announces favorite.added, dated when it was added', async () => {
    const { service, repository, events } = setup();
    await expect(service.add(userId, movieId, snapshot, 'movie', now)).resolves.toEqual(favorite(now));
    expect(repository.insert).toHaveBeenCalledWith(me, movieId, snapshot, 'movie', now);
    expect(events.publish.mock.calls).toEqual([
      ['favorite.added', { userId, profileId: userId, movieId, addedAt: now.toISOString() }],
    ]);
  });

  it('answers the existing favorite on a second add, announcing nothing more (the first add announced it)', async () => {
    const { service, repository, events, entries } = setup();
    const earlier = new Date('2025-05-01T08:00:00.000Z');
    repository.insert.mockResolvedValueOnce(null);
    repository.findOne.mockResolvedValueOnce(stored(earlier));
    await expect(service.add(userId, movieId, snapshot, 'movie', now)).resolves.toEqual(favorite(earlier));
    expect(events.publish).not.toHaveBeenCalled();
    expect(entries.size).toBe(0);
  });

  it('fails an add whose event could not be published, and keeps the event in the outbox for its relay', async () => {
    const { service, events, entries } = setup();
    const unavailable = new AppError(ErrorCode.ServiceUnavailable, 'Redis unavailable');
    events.publish.mockRejectedValueOnce(unavailable);
    await expect(service.add(userId, movieId, snapshot, 'movie', now)).rejects.toBe(unavailable);
    // The write stayed made, and so did its event: ready for the relay.
    expect([...entries.values()]).toEqual([
      expect.objectContaining({
        type: 'favorite.added',
        state: 'ready',
        payload: { userId, profileId: userId, movieId, addedAt: now.toISOString() },
      }),
    ]);
  });

  it('announces favorite.removed only when something was removed', async () => {
    const { service, repository, events } = setup();
    await expect(service.remove(userId, movieId)).resolves.toEqual({ removed: true });
    expect(events.publish).toHaveBeenCalledWith('favorite.removed', { userId, profileId: userId, movieId });
    repository.remove.mockResolvedValueOnce(null);
    events.publish.mockClear();
    await expect(service.remove(userId, movieId)).resolves.toEqual({ removed: false });
    expect(events.publish).not.toHaveBeenCalled();
  });

  it("an admin's add and removal on a viewer's list go to the audit log (issue 22); the viewer's own do not", async () => {
    const { service, events } = setup();
    const admin = { id: 'c'.repeat(24), username: 'root' };
    await RequestContext.run({ correlationId: 'corr-1', actor: admin }, async () => {
      await service.add(userId, movieId, snapshot, 'movie', now);
      await service.remove(userId, movieId);
    });
    const audited = events.publish.mock.calls.filter(([type]) => type === 'audit.recorded');
    expect(audited.map(([, payload]) => payload)).toEqual([
      {
        actor: admin,
        action: AuditAction.FavoritesChange,
        target: { type: AuditTargetType.User, id: userId, name: null },
        detail: 'added Lagaan to favorites',
        before: 'Lagaan not in favorites',
        after: 'Lagaan in favorites',
      },
      expect.objectContaining({ detail: 'removed Lagaan from favorites', after: 'Lagaan not in favorites' }),
    ]);

    events.publish.mockClear();
    await RequestContext.run({ correlationId: 'corr-2', actor: { id: userId, username: 'asha' } }, () =>
      service.add(userId, movieId, snapshot, 'movie', now),
    );
    expect(events.publish.mock.calls.map(([type]) => type)).toEqual(['favorite.added']);
  });

  it('undoes and refuses (401) an add for a deleted account, announcing nothing (issue 22)', async () => {
    const { service, repository, events, deletedUsers, entries } = setup();
    deletedUsers.isDeleted.mockResolvedValueOnce(true);
    await expect(service.add(userId, movieId, snapshot, 'movie', now)).rejects.toMatchObject({
      code: ErrorCode.Unauthorized,
    });
    expect(repository.remove).toHaveBeenCalledWith(me, movieId);
    expect(events.publish).not.toHaveBeenCalled();
    expect(entries.size).toBe(0);
  });

  it('lists at most 500, as the repository orders them', async () => {
    const { service, repository } = setup();
    repository.listOf.mockResolvedValueOnce([stored(now)]);
    await expect(service.list(userId)).resolves.toEqual([favorite(now)]);
    expect(repository.listOf).toHaveBeenCalledWith(me, FAVORITES_LIST_LIMIT, null);
    expect(FAVORITES_LIST_LIMIT).toBe(500);
  });
});
