import type { EventPayload } from '@app/contracts';
import { progressReport } from '@app/server-testing';
import type { ViewerKey } from '@app/server-core';
import type { TrendingService } from '../trending/trending.service';
import type { InteractionState } from './interaction-rules';
import type { InteractionsRepository } from './interactions.repository';
import { InteractionsService, MAX_CLOCK_SKEW_MS } from './interactions.service';
import type { ProfilesRepository } from './profiles.repository';

const now = Date.UTC(2025, 5, 1, 12, 0);
const userId = 'a'.repeat(24);
const movieId = 'b'.repeat(24);

const report = (overrides: Partial<EventPayload<'watch.progressed'>> = {}) =>
  progressReport(userId, movieId, {
    positionSeconds: 2700,
    reportedAt: new Date(now - 10_000).toISOString(),
    ...overrides,
  });

const stored = (overrides: Partial<InteractionState> = {}): InteractionState => ({
  userId,
  profileId: userId,
  movieId,
  version: 3,
  watchedFraction: 0.3,
  finished: false,
  favorite: false,
  favoriteAt: 0,
  paid: false,
  strength: 1.6,
  at: now - 60_000,
  ...overrides,
});

const setup = () => {
  const repository: Record<string, jest.Mock> & {
    insert: jest.Mock<Promise<boolean>, [InteractionState]>;
    update: jest.Mock<Promise<boolean>, [number, InteractionState]>;
    findOne: jest.Mock<Promise<InteractionState | null>, []>;
  } = {
    insert: jest.fn(async (_state: InteractionState) => true),
    update: jest.fn(async (_version: number, _state: InteractionState) => true),
    findOne: jest.fn(async (): Promise<InteractionState | null> => null),
    removeOfUser: jest.fn(async () => 2),
    removeOfProfile: jest.fn(async () => 1),
    profileIdsOf: jest.fn(async (): Promise<string[]> => []),
  };
  // The batch calls route to the one-record mocks, so each test states what one record's read or write does.
  repository.writeMany = jest.fn(
    async (writes: Array<{ previousVersion: number | null; state: InteractionState }>) => {
      let all = true;
      for (const { previousVersion, state } of writes)
        all =
          (previousVersion === null
            ? await repository.insert(state)
            : await repository.update(previousVersion, state)) && all;
      return all;
    },
  );
  const get = jest.fn(async (_viewer: ViewerKey, _movieId: string): Promise<InteractionState | null> => null);
  const put = jest.fn(async (_state: InteractionState) => true);
  const profiles = {
    get,
    getMany: jest.fn(async (fields: Array<{ viewer: ViewerKey; movieId: string }>) =>
      Promise.all(fields.map(({ viewer, movieId }) => get(viewer, movieId))),
    ),
    put,
    putMany: jest.fn(async (states: InteractionState[]) => {
      for (const state of states) await put(state);
    }),
    all: jest.fn(async (_viewer: { profileId: string }): Promise<InteractionState[]> => []),
    forget: jest.fn(async () => undefined),
  };
  const trending = {
    recordPlays: jest.fn(
      async (plays: Array<{ userId: string; movieId: string; at: number }>, _now: number) => plays.length,
    ),
    forgetViewer: jest.fn(async () => undefined),
  };
  const service = new InteractionsService(
    repository as unknown as InteractionsRepository,
    profiles as unknown as ProfilesRepository,
    trending as unknown as TrendingService,
  );
  return { service, repository, profiles, trending };
};

describe('InteractionsService', () => {
  it('inserts the first record of a viewer and title, then puts it in their profile', async () => {
    const { service, repository, profiles } = setup();
    await expect(service.recordProgress(report(), now)).resolves.toBe(true);
    expect(repository.insert).toHaveBeenCalledWith(
      expect.objectContaining({ version: 1, watchedFraction: 0.5 }),
    );
    expect(profiles.put).toHaveBeenCalledWith(repository.insert.mock.calls[0][0]);
    expect(repository.findOne).not.toHaveBeenCalled();
  });

  it('writes a grown share with one conditional update over the profile version', async () => {
    const { service, repository, profiles } = setup();
    profiles.get.mockResolvedValue(stored());
    await service.recordProgress(report(), now);
    expect(repository.update).toHaveBeenCalledWith(
      3,
      expect.objectContaining({ version: 4, watchedFraction: 0.5 }),
    );
    expect(repository.insert).not.toHaveBeenCalled();
    expect(profiles.put).toHaveBeenCalledWith(expect.objectContaining({ version: 4 }));
  });

  it('touches no database when the report adds nothing (the hot path)', async () => {
    const { service, repository, profiles } = setup();
    profiles.get.mockResolvedValue(stored({ watchedFraction: 0.5 }));
    await expect(service.recordProgress(report({ positionSeconds: 2710 }), now)).resolves.toBe(false);
    expect(repository.update).not.toHaveBeenCalled();
    expect(repository.insert).not.toHaveBeenCalled();
    expect(repository.findOne).not.toHaveBeenCalled();
    expect(profiles.put).not.toHaveBeenCalled();
  });

  it("writes a read's reports with one read of the profiles, one bulk write and one write of the profiles", async () => {
    const { service, repository, profiles, trending } = setup();
    const other = 'c'.repeat(24);
    profiles.get.mockImplementation(async (_viewer, id) => (id === movieId ? stored() : null));
    const reports = [
      report(),
      report({ movieId: other, positionSeconds: 1080 }),
      report({ positionSeconds: 4000, reportedAt: new Date(now - 5_000).toISOString() }),
    ];
    await expect(service.recordProgressMany(reports, now)).resolves.toBe(2);
    expect(trending.recordPlays).toHaveBeenCalledTimes(1);
    expect(trending.recordPlays.mock.calls[0][0]).toHaveLength(3);
    expect(profiles.getMany).toHaveBeenCalledTimes(1);
    expect(repository.writeMany).toHaveBeenCalledTimes(1);
    // The title reported twice: one write over version 3, the furthest share.
    expect(repository.writeMany).toHaveBeenCalledWith([
      { previousVersion: 3, state: expect.objectContaining({ movieId, version: 4, watchedFraction: 0.74 }) },
      {
        previousVersion: null,
        state: expect.objectContaining({ movieId: other, version: 1, watchedFraction: 0.2 }),
      },
    ]);
    expect(profiles.putMany).toHaveBeenCalledTimes(1);
    expect(profiles.put).toHaveBeenCalledTimes(2);
  });

  it('reads the record again when the profile was stale, and repairs the profile', async () => {
    const { service, repository, profiles } = setup();
    profiles.get.mockResolvedValue(stored({ version: 3 }));
    // Another replica wrote versions 4 and 5: only an update over 5 applies.
    repository.update.mockImplementation(async (version) => version === 5);
    repository.findOne.mockResolvedValue(stored({ version: 5, watchedFraction: 0.4 }));
    await service.recordProgress(report(), now);
    expect(repository.update).toHaveBeenLastCalledWith(
      5,
      expect.objectContaining({ version: 6, watchedFraction: 0.5 }),
    );
    expect(profiles.put).toHaveBeenCalledWith(expect.objectContaining({ version: 6 }));
  });

  it('puts the stored record in the profile when another replica already applied the change', async () => {
    const { service, repository, profiles } = setup();
    repository.insert.mockResolvedValue(false);
    repository.findOne.mockResolvedValue(stored({ version: 7, watchedFraction: 0.6 }));
    await expect(service.recordProgress(report(), now)).resolves.toBe(false);
    expect(profiles.put).toHaveBeenCalledWith(expect.objectContaining({ version: 7, watchedFraction: 0.6 }));
  });

  it('gives up (the event is retried later) when the record keeps changing under it', async () => {
    const { service, repository, profiles } = setup();
    profiles.get.mockResolvedValue(stored());
    repository.update.mockResolvedValue(false);
    repository.findOne.mockResolvedValue(stored());
    await expect(service.recordProgress(report(), now)).rejects.toThrow(/kept changing/);
  });

  it('counts a trending play at the report time, but not for a report that played nothing', async () => {
    const { service, trending } = setup();
    await service.recordProgress(report(), now);
    expect(trending.recordPlays).toHaveBeenCalledWith([{ userId, movieId, at: now - 10_000 }], now);
    trending.recordPlays.mockClear();
    await service.recordProgress(report({ positionSeconds: 0, watchedSeconds: 0 }), now);
    expect(trending.recordPlays).toHaveBeenCalledWith([], now);
  });

  it('counts an episode’s report for its series: one play and one record under the series id', async () => {
    const { service, repository, profiles, trending } = setup();
    const seriesId = 'c'.repeat(24);
    const episode = { seriesId, seasonNumber: 1, episodeNumber: 3 };
    await expect(service.recordProgress(report({ episode }), now)).resolves.toBe(true);
    expect(trending.recordPlays).toHaveBeenCalledWith([{ userId, movieId: seriesId, at: now - 10_000 }], now);
    expect(profiles.get).toHaveBeenCalledWith({ userId, profileId: userId }, seriesId);
    expect(repository.insert).toHaveBeenCalledWith(
      expect.objectContaining({ movieId: seriesId, watchedFraction: 0.5, version: 1 }),
    );
    // Another episode that gets no further than the record adds nothing.
    profiles.get.mockResolvedValue(stored({ movieId: seriesId, watchedFraction: 0.5, version: 1 }));
    repository.insert.mockClear();
    const next = { ...episode, episodeNumber: 4 };
    await expect(
      service.recordProgress(report({ movieId: 'd'.repeat(24), episode: next, positionSeconds: 1000 }), now),
    ).resolves.toBe(false);
    expect(repository.insert).not.toHaveBeenCalled();
    expect(repository.update).not.toHaveBeenCalled();
  });

  it('keeps the play but learns no share from a report without a duration', async () => {
    const { service, repository, trending } = setup();
    await expect(service.recordProgress(report({ durationSeconds: null }), now)).resolves.toBe(false);
    expect(trending.recordPlays).toHaveBeenCalledWith([expect.objectContaining({ userId })], now);
    expect(repository.insert).not.toHaveBeenCalled();
  });

  it.each([
    ['unparseable', 'yesterday'],
    ['too far in the future', new Date(now + MAX_CLOCK_SKEW_MS + 1).toISOString()],
  ])('drops a report whose time is %s', async (_, reportedAt) => {
    const { service, repository, trending } = setup();
    await expect(service.recordProgress(report({ reportedAt }), now)).resolves.toBe(false);
    expect(trending.recordPlays).toHaveBeenCalledWith([], now);
    expect(repository.insert).not.toHaveBeenCalled();
  });

  it('learns a purchase or rental, not a subscription charge', async () => {
    const { service, repository } = setup();
    const payment = (movie: string | null): EventPayload<'payment.captured'> => ({
      paymentId: 'pay_1',
      userId,
      kind: movie ? 'rental' : 'subscription',
      movieId: movie,
      planId: null,
      amountPaise: 50_000,
    });
    await expect(service.recordPayment(payment(null), new Date(now))).resolves.toBe(false);
    expect(repository.insert).not.toHaveBeenCalled();
    await expect(service.recordPayment(payment(movieId), new Date(now))).resolves.toBe(true);
    expect(repository.insert).toHaveBeenCalledWith(expect.objectContaining({ paid: true, at: now }));
  });

  it("forgets a deleted user's records, every profile's Redis profile and the account's trending marks", async () => {
    const { service, repository, profiles, trending } = setup();
    const kids = 'e'.repeat(24);
    repository.profileIdsOf.mockResolvedValue([userId, kids]);
    profiles.all.mockImplementation(async ({ profileId }: { profileId: string }) =>
      profileId === kids
        ? [stored({ profileId: kids, movieId: 'd'.repeat(24) })]
        : [stored(), stored({ movieId: 'c'.repeat(24) })],
    );
    await service.forgetUser(userId);
    expect(trending.forgetViewer).toHaveBeenCalledWith(userId, [movieId, 'c'.repeat(24), 'd'.repeat(24)]);
    expect(repository.removeOfUser).toHaveBeenCalledWith(userId);
    expect(profiles.forget.mock.calls).toEqual([[userId], [kids]]);
  });

  it("learns each profile's favorites and reports apart (events name the profile; older ones the default one)", async () => {
    const { service, repository, profiles } = setup();
    const kids = 'e'.repeat(24);
    await service.recordFavorite({ userId, profileId: kids, movieId, addedAt: '' }, true, new Date(now));
    await service.recordProgress(report(), now);
    expect(profiles.get.mock.calls).toEqual([
      [{ userId, profileId: kids }, movieId],
      [{ userId, profileId: userId }, movieId],
    ]);
    expect(repository.insert.mock.calls.map(([state]) => state.profileId)).toEqual([kids, userId]);
  });

  it("forgets a deleted profile's records and Redis profile, not the account's trending marks", async () => {
    const { service, repository, profiles, trending } = setup();
    const kids = 'e'.repeat(24);
    await service.forgetProfile({ userId, profileId: kids });
    expect(profiles.forget).toHaveBeenCalledWith(kids);
    expect(repository.removeOfProfile).toHaveBeenCalledWith({ userId, profileId: kids });
    expect(trending.forgetViewer).not.toHaveBeenCalled();
  });
});
