import { isDeepStrictEqual } from 'node:util';
import { Types } from 'mongoose';
import type { ContinueWatchingItem } from '@app/contracts';
import { ContinueWatchingListSchema, SeriesProgressSchema } from '@app/contracts';
import { AuditTrail, type EventBus } from '@app/server-core';
import { memoryOutbox } from '@app/server-testing';
import type { StoredEpisode } from '../episodes/episodes.repository';
import type { EpisodesService } from '../episodes/episodes.service';
import type { StoredTitle } from '../titles/titles.repository';
import type { TitlesService } from '../titles/titles.service';
import type { HistoryRepository, StoredHistory } from './history.repository';
import { HistoryService } from './history.service';

// Continue Watching with series (issue 13): a series appears once, at the episode to watch next.

const userId = 'a'.repeat(24);
const hex = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(23, '0')}`;
const seriesId = hex('5', 1);
const otherSeriesId = hex('5', 2);

/** Minutes after 2025-06-01 12:00 UTC: a later minute is a more recent report. */
const minute = (n: number) => new Date(Date.UTC(2025, 5, 1, 12, n));

const title = (movieId: string, overrides: Partial<StoredTitle> = {}): StoredTitle => ({
  _id: new Types.ObjectId(),
  movieId,
  title: `Title ${movieId.slice(-3)}`,
  posterUrl: `/posters/${movieId}.svg`,
  genre: 'Drama',
  rating: 8,
  deleted: false,
  changedAt: minute(0),
  ...overrides,
});

const episode = (
  series: string,
  seasonNumber: number,
  episodeNumber: number,
  overrides: Partial<StoredEpisode> = {},
): StoredEpisode => ({
  _id: new Types.ObjectId(),
  episodeId: hex(series === seriesId ? 'e' : 'f', seasonNumber * 100 + episodeNumber),
  seriesId: series,
  seasonNumber,
  episodeNumber,
  title: `Episode ${seasonNumber}.${episodeNumber}`,
  runtimeMinutes: 50,
  deleted: false,
  changedAt: minute(0),
  ...overrides,
});

/** Season 1 of three episodes, season 2 of two; listed out of order, as the index holds them. */
const lineup = [
  episode(seriesId, 2, 2),
  episode(seriesId, 1, 3),
  episode(seriesId, 1, 1),
  episode(seriesId, 2, 1, { runtimeMinutes: null }),
  episode(seriesId, 1, 2),
];
const ep = (seasonNumber: number, episodeNumber: number) =>
  lineup.find((entry) => entry.seasonNumber === seasonNumber && entry.episodeNumber === episodeNumber)!;

/** A record of one episode, watched at `at`; 2400 s long unless said otherwise. */
const watched = (
  entry: StoredEpisode,
  positionSeconds: number,
  at: Date,
  overrides: Partial<StoredHistory> = {},
): StoredHistory => {
  const durationSeconds = overrides.durationSeconds === undefined ? 2400 : overrides.durationSeconds;
  const percent = durationSeconds ? (positionSeconds / durationSeconds) * 100 : 0;
  return {
    _id: new Types.ObjectId(),
    userId,
    profileId: userId,
    movieId: entry.episodeId,
    positionSeconds,
    durationSeconds,
    lastWatchedAt: at,
    watchTimeSeconds: positionSeconds,
    watchByMonth: { '2025-06': positionSeconds },
    finished: percent >= 90,
    inProgress: percent >= 5 && percent < 90,
    hidden: false,
    episode: {
      seriesId: entry.seriesId,
      seasonNumber: entry.seasonNumber,
      episodeNumber: entry.episodeNumber,
    },
    ...overrides,
  };
};

/** A movie's record in progress (the candidates query returns only those of movies). */
const movie = (n: number, at: Date): StoredHistory => ({
  _id: new Types.ObjectId(),
  userId,
  profileId: userId,
  movieId: hex('b', n),
  positionSeconds: 1000,
  durationSeconds: 5000,
  lastWatchedAt: at,
  watchTimeSeconds: 1000,
  watchByMonth: {},
  finished: false,
  inProgress: true,
  hidden: false,
});

/** The service over these stand-ins (the titles' only where a test reads them); what it publishes goes nowhere. */
const historyService = (repository: object, episodes: object, titles: object = {}) =>
  new HistoryService(
    repository as HistoryRepository,
    titles as TitlesService,
    episodes as EpisodesService,
    memoryOutbox({ publish: jest.fn() }).outbox,
    new AuditTrail({ publish: jest.fn() } as unknown as EventBus),
  );

/**
 * The service over fakes of its seams: the repository answers `candidates` (already newest first, as its query
 * sorts them) a batch at a time; titles and the episode index answer from the lists given.
 */
const setup = ({
  candidates,
  titles = [title(seriesId, { title: 'Paatal Lok', genre: 'Crime' }), title(otherSeriesId)],
  episodes = lineup,
}: {
  candidates: StoredHistory[];
  titles?: StoredTitle[];
  episodes?: StoredEpisode[];
}) => {
  const repository = {
    rowCandidatesOf: jest.fn(async (_viewer: unknown, skip: number, limit: number) =>
      candidates.slice(skip, skip + limit),
    ),
  };
  const titlesService = {
    byMovieId: jest.fn(
      async (ids: string[]) =>
        new Map(titles.filter((entry) => ids.includes(entry.movieId)).map((entry) => [entry.movieId, entry])),
    ),
  };
  const episodesService = {
    byEpisodeId: jest.fn(
      async (ids: string[]) =>
        new Map(
          episodes.filter((entry) => ids.includes(entry.episodeId)).map((entry) => [entry.episodeId, entry]),
        ),
    ),
    lineupsOf: jest.fn(async (ids: string[]) => {
      const lineups = new Map<string, StoredEpisode[]>();
      for (const entry of episodes.filter((e) => ids.includes(e.seriesId) && !e.deleted))
        lineups.set(entry.seriesId, [...(lineups.get(entry.seriesId) ?? []), entry]);
      return lineups;
    }),
  };
  const service = historyService(repository, episodesService, titlesService);
  return { service, repository, episodesService };
};

/** The row as the RPC answers it: exactly what its contract describes (the harness checks this on the wire too). */
const rowOf = async (
  candidates: StoredHistory[],
  options: Omit<Parameters<typeof setup>[0], 'candidates'> = {},
) => {
  const row = await setup({ candidates, ...options }).service.continueWatching(userId);
  const parsed = ContinueWatchingListSchema.parse(row);
  expect(isDeepStrictEqual(JSON.parse(JSON.stringify(parsed)), JSON.parse(JSON.stringify(row)))).toBe(true);
  return row;
};

const episodeOf = (item: ContinueWatchingItem) =>
  item.episode && [item.episode.seasonNumber, item.episode.episodeNumber];

describe('Continue Watching with series', () => {
  // Both show S1:E2 with the series' card: the episode in progress, or the one after a finished S1:E1.
  it.each([
    {
      case: 'an episode in progress at its own progress, with the series card and the episode',
      last: ep(1, 2),
      watchedSeconds: 1200,
      positionSeconds: 1200,
      durationSeconds: 2400,
      progressPercent: 50,
    },
    {
      case: 'the next episode at 0 % once the last one watched is finished, its length from its runtime',
      last: ep(1, 1),
      watchedSeconds: 2200,
      positionSeconds: 0,
      durationSeconds: 50 * 60,
      progressPercent: 0,
    },
  ])('shows $case', async ({ last, watchedSeconds, positionSeconds, durationSeconds, progressPercent }) => {
    const row = await rowOf([watched(last, watchedSeconds, minute(10))]);
    expect(row).toEqual([
      {
        movieId: ep(1, 2).episodeId,
        title: 'Paatal Lok',
        posterUrl: `/posters/${seriesId}.svg`,
        genre: 'Crime',
        rating: 8,
        positionSeconds,
        durationSeconds,
        progressPercent,
        lastWatchedAt: minute(10).toISOString(),
        episode: {
          seriesId,
          seasonNumber: 1,
          episodeNumber: 2,
          episodeId: ep(1, 2).episodeId,
          title: 'Episode 1.2',
        },
      },
    ]);
  });

  it.each([
    ['89.9 %: still this episode', 2157.6, [1, 2], 2157.6],
    ['90 %: the next one', 2160, [1, 3], 0],
  ])('draws the finished line at 90 % (%s)', async (_, positionSeconds, expected, position) => {
    const [item] = await rowOf([watched(ep(1, 2), positionSeconds, minute(10))]);
    expect(episodeOf(item)).toEqual(expected);
    expect(item.positionSeconds).toBe(position);
  });

  it("crosses into the next season after a season's last episode, its length the finished one's without a runtime", async () => {
    const [item] = await rowOf([watched(ep(1, 3), 2650, minute(10), { durationSeconds: 2700 })]);
    expect(item).toMatchObject({
      movieId: ep(2, 1).episodeId,
      positionSeconds: 0,
      // S2:E1 has no runtime in the index: the finished episode's duration stands in.
      durationSeconds: 2700,
      progressPercent: 0,
      episode: { seasonNumber: 2, episodeNumber: 1, title: 'Episode 2.1' },
    });
  });

  it('leaves the series out after its last episode, even with older episodes in progress', async () => {
    const row = await rowOf([
      watched(ep(2, 2), 2300, minute(30)),
      watched(ep(1, 2), 1000, minute(20)),
      movie(1, minute(10)),
    ]);
    expect(row.map((item) => item.movieId)).toEqual([hex('b', 1)]);
  });

  it('shows a barely started episode after the first one: the series is under way (the countdown started it)', async () => {
    const [item] = await rowOf([watched(ep(1, 3), 60, minute(30)), watched(ep(1, 2), 2300, minute(20))]);
    expect(item).toMatchObject({ movieId: ep(1, 3).episodeId, positionSeconds: 60 });
    expect(episodeOf(item)).toEqual([1, 3]);
  });

  it('leaves the series out when its first episode is barely started, or its most recent one hidden', async () => {
    expect(await rowOf([watched(ep(1, 1), 60, minute(30))])).toEqual([]);
    expect(
      await rowOf([
        watched(ep(1, 3), 1000, minute(30), { hidden: true }),
        watched(ep(1, 2), 1000, minute(20)),
      ]),
    ).toEqual([]);
  });

  it('keeps the series out after a report made before its removal but applied after it, until a newer one', async () => {
    // The late report cleared `hidden`; the removal (at minute 31) is still after it.
    const late = watched(ep(1, 3), 1000, minute(30), { hidden: false, hiddenAt: minute(31) });
    expect(await rowOf([late, watched(ep(1, 2), 1000, minute(20))])).toEqual([]);
    const next = watched(ep(1, 3), 1000, minute(32), { hidden: false, hiddenAt: minute(31) });
    expect((await rowOf([next])).map((item) => item.movieId)).toEqual([ep(1, 3).episodeId]);
  });

  it('lists a series once, at its most recent episode, however many of its episodes are in the history', async () => {
    const row = await rowOf([
      watched(ep(1, 3), 1000, minute(50)),
      movie(1, minute(40)),
      watched(ep(1, 2), 1000, minute(30)),
      watched(ep(1, 1), 2400, minute(20)),
      movie(2, minute(10)),
    ]);
    expect(row.map((item) => [item.movieId, episodeOf(item)])).toEqual([
      [ep(1, 3).episodeId, [1, 3]],
      [hex('b', 1), undefined],
      [hex('b', 2), undefined],
    ]);
  });

  it('counts a series once toward the six, reading on past its older episodes in later batches', async () => {
    // Thirty episode records of one series (the newest finished), then six movies.
    const many = Array.from({ length: 30 }, (_, i) =>
      watched({ ...ep(1, 1), episodeId: hex('c', i), episodeNumber: 1 }, 2400, minute(100 - i)),
    );
    const movies = Array.from({ length: 6 }, (_, i) => movie(i, minute(60 - i)));
    const { service, repository } = setup({ candidates: [...many, ...movies] });
    const row = await service.continueWatching(userId);
    expect(row.map((item) => item.movieId)).toEqual([
      ep(1, 2).episodeId,
      ...movies.slice(0, 5).map((record) => record.movieId),
    ]);
    expect(repository.rowCandidatesOf.mock.calls.map(([, skip]) => skip)).toEqual([0, 12, 24]);
  });

  it('orders series and movies together by their most recent viewing', async () => {
    const row = await rowOf([
      movie(1, minute(50)),
      watched(ep(1, 1), 2400, minute(40)),
      movie(2, minute(30)),
      watched({ ...ep(1, 1), episodeId: hex('f', 1), seriesId: otherSeriesId }, 900, minute(20)),
    ]);
    expect(row.map((item) => item.movieId)).toEqual([
      hex('b', 1),
      ep(1, 2).episodeId,
      hex('b', 2),
      hex('f', 1),
    ]);
    expect(row.map((item) => item.lastWatchedAt)).toEqual(
      [50, 40, 30, 20].map((n) => minute(n).toISOString()),
    );
  });

  it('keeps movies as they were: no episode on their items', async () => {
    const [item] = await rowOf([movie(1, minute(10))], { titles: [title(hex('b', 1), { title: 'Lagaan' })] });
    expect(item).toEqual({
      movieId: hex('b', 1),
      title: 'Lagaan',
      posterUrl: `/posters/${hex('b', 1)}.svg`,
      genre: 'Drama',
      rating: 8,
      positionSeconds: 1000,
      durationSeconds: 5000,
      progressPercent: 20,
      lastWatchedAt: minute(10).toISOString(),
    });
    expect(item).not.toHaveProperty('episode');
  });

  it("leaves a deleted series out, and passes over a deleted episode to the series' next most recent one", async () => {
    expect(
      await rowOf([watched(ep(1, 2), 1000, minute(10))], {
        titles: [title(seriesId, { deleted: true })],
      }),
    ).toEqual([]);

    const withoutE3 = lineup.map((entry) => (entry === ep(1, 3) ? { ...entry, deleted: true } : entry));
    const row = await rowOf([watched(ep(1, 3), 1000, minute(20)), watched(ep(1, 2), 2400, minute(10))], {
      episodes: withoutE3,
    });
    // S1:E3 is gone: S1:E2 (finished) decides, and the episode after it is now S2:E1.
    expect(row.map(episodeOf)).toEqual([[2, 1]]);
  });

  it('shows a series the index has not heard of at its episode in progress, but cannot tell what comes next', async () => {
    const stranger = watched(
      { ...ep(1, 1), episodeId: hex('d', 1), seriesId: hex('d', 2) },
      1000,
      minute(20),
    );
    const finished = watched(
      { ...ep(1, 1), episodeId: hex('d', 3), seriesId: hex('d', 4) },
      2400,
      minute(10),
    );
    const row = await rowOf([stranger, finished], { titles: [], episodes: [] });
    expect(row).toEqual([
      expect.objectContaining({
        movieId: hex('d', 1),
        title: 'Unknown title',
        episode: {
          seriesId: hex('d', 2),
          seasonNumber: 1,
          episodeNumber: 1,
          episodeId: hex('d', 1),
          title: 'Unknown episode',
        },
      }),
    ]);
  });
});

describe('a series entry removed from the row', () => {
  const hideSetup = () => {
    const repository = {
      hide: jest.fn(async () => true),
      findOne: jest.fn(async (): Promise<StoredHistory | null> => null),
    };
    const episodes = { seriesOf: jest.fn(async (): Promise<string | null> => null) };
    const service = historyService(repository, episodes);
    return { service, repository, episodes };
  };

  it('hides every episode of the series when the entry names one of its episodes (maybe never watched)', async () => {
    const { service, repository, episodes } = hideSetup();
    episodes.seriesOf.mockResolvedValueOnce(seriesId);
    await expect(service.hideFromRow(userId, ep(1, 3).episodeId)).resolves.toEqual({ hidden: true });
    expect(repository.hide).toHaveBeenCalledWith(
      { userId, profileId: userId, ceiling: null },
      ep(1, 3).episodeId,
      seriesId,
      expect.any(Date),
    );
    expect(repository.findOne).not.toHaveBeenCalled();
  });

  it("falls back to the record's series for an episode the index does not know", async () => {
    const { service, repository } = hideSetup();
    repository.findOne.mockResolvedValueOnce(watched(ep(1, 2), 1000, minute(1)));
    await service.hideFromRow(userId, ep(1, 2).episodeId);
    expect(repository.hide).toHaveBeenCalledWith(
      { userId, profileId: userId, ceiling: null },
      ep(1, 2).episodeId,
      seriesId,
      expect.any(Date),
    );
  });
});

describe('series progress', () => {
  it("lists the viewer's episodes of the series in play order, finished at 90 %", async () => {
    const records = [
      watched(ep(2, 1), 600, minute(30)),
      watched(ep(1, 2), 2160, minute(20)),
      watched(ep(1, 1), 2157.6, minute(10)),
      watched(ep(1, 3), 100, minute(5), { durationSeconds: null }),
    ];
    // The admin renumbered S2:E1 to S2:E3 since it was watched: the index's number wins.
    const renumbered = lineup.map((entry) => (entry === ep(2, 1) ? { ...entry, episodeNumber: 3 } : entry));
    const repository = { ofSeries: jest.fn(async () => records) };
    const episodes = {
      byEpisodeId: jest.fn(
        async (ids: string[]) =>
          new Map(renumbered.filter((e) => ids.includes(e.episodeId)).map((e) => [e.episodeId, e])),
      ),
    };
    const service = historyService(repository, episodes, { allowedAmong: async () => null });
    const progress = await service.seriesProgress(userId, seriesId);
    expect(SeriesProgressSchema.parse(progress)).toEqual(progress);
    expect(repository.ofSeries).toHaveBeenCalledWith({ userId, profileId: userId, ceiling: null }, seriesId);
    expect(progress).toEqual({
      seriesId,
      episodes: [
        {
          episodeId: ep(1, 1).episodeId,
          seasonNumber: 1,
          episodeNumber: 1,
          positionSeconds: 2157.6,
          durationSeconds: 2400,
          progressPercent: 89.9,
          finished: false,
          lastWatchedAt: minute(10).toISOString(),
        },
        expect.objectContaining({ episodeId: ep(1, 2).episodeId, progressPercent: 90, finished: true }),
        expect.objectContaining({
          episodeId: ep(1, 3).episodeId,
          durationSeconds: null,
          progressPercent: null,
          finished: false,
        }),
        expect.objectContaining({ episodeId: ep(2, 1).episodeId, seasonNumber: 2, episodeNumber: 3 }),
      ],
    });
  });
});
