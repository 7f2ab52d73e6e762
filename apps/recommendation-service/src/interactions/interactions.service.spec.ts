import type { EventPayload } from '@app/contracts';
import { progressReport } from '@app/server-testing';
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
  const repository = {
    insert: jest.fn(async (_state: InteractionState) => true),
    update: jest.fn(async (_version: number, _state: InteractionState) => true),
    findOne: jest.fn(async (): Promise<InteractionState | null> => null),
    removeOfUser: jest.fn(async () => 2),
    removeOfProfile: jest.fn(async () => 1),
    profileIdsOf: jest.fn(async (): Promise<string[]> => []),
  };
  const profiles = {
    get: jest.fn(async (): Promise<InteractionState | null> => null),
    all: jest.fn(async (_viewer: { profileId: string }): Promise<InteractionState[]> => []),
    put: jest.fn(async (_state: InteractionState) => true),
    forget: jest.fn(async () => undefined),
  };
  const trending = {
    recordPlay: jest.fn(async () => true),
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

  it('reads the record again when the profile was stale, and repairs the profile', async () => {
    const { service, repository, profiles } = setup();
    profiles.get.mockResolvedValue(stored({ version: 3 }));
    repository.update.mockResolvedValueOnce(false);
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
    expect(trending.recordPlay).toHaveBeenCalledWith(userId, movieId, now - 10_000, now);
    trending.recordPlay.mockClear();
    await service.recordProgress(report({ positionSeconds: 0, watchedSeconds: 0 }), now);
    expect(trending.recordPlay).not.toHaveBeenCalled();
  });

  it('counts an episode’s report for its series: one play and one record under the series id', async () => {
    const { service, repository, profiles, trending } = setup();
    const seriesId = 'c'.repeat(24);
    const episode = { seriesId, seasonNumber: 1, episodeNumber: 3 };
    await expect(service.recordProgress(report({ episode }), now)).resolves.toBe(true);
    expect(trending.recordPlay).toHaveBeenCalledWith(userId, seriesId, now - 10_000, now);
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
    expect(trending.recordPlay).toHaveBeenCalled();
    expect(repository.insert).not.toHaveBeenCalled();
  });

  it.each([
    ['unparseable', 'yesterday'],
    ['too far in the future', new Date(now + MAX_CLOCK_SKEW_MS + 1).toISOString()],
  ])('drops a report whose time is %s', async (_, reportedAt) => {
    const { service, repository, trending } = setup();
    await expect(service.recordProgress(report({ reportedAt }), now)).resolves.toBe(false);
    expect(trending.recordPlay).not.toHaveBeenCalled();
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
