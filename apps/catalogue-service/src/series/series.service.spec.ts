import { Types } from 'mongoose';
import { ErrorCode, MovieAccess, MovieStatus, SeriesRpc } from '@app/contracts';
import { AppError, JsonReply } from '@app/server-core';
import type { MovieListCache } from '../movies/movie-list.cache';
import type { MoviesRepository, StoredMovie } from '../movies/movies.repository';
import type { EpisodesRepository, StoredEpisode } from './episodes.repository';
import { aSeries, anEpisode } from './series.fixtures';
import type { SeriesRepository, StoredSeries } from './series.repository';
import { SeriesService } from './series.service';

const setup = ({
  series = [] as StoredSeries[],
  episodes = [] as StoredEpisode[],
  movies = [] as StoredMovie[],
  genres = ['Comedy', 'Drama'],
} = {}) => {
  const byId = <T extends { _id: Types.ObjectId }>(records: T[]) =>
    jest.fn(async (id: string | Types.ObjectId) => records.find((r) => r._id.equals(id)) ?? null);
  // The repository's viewer read: published (drafts too when asked); the ceiling's condition is its own (int-tested).
  const visible = <T extends { _id: Types.ObjectId; status: MovieStatus }>(records: T[]) =>
    jest.fn(
      async (id: string | Types.ObjectId, { drafts = false } = {}) =>
        records.find((r) => r._id.equals(id) && (drafts || r.status === MovieStatus.Published)) ?? null,
    );
  const seriesRepo = {
    findById: byId(series),
    findVisible: visible(series),
    list: jest.fn(async () => ({ data: series, page: 1, pageSize: 20, total: series.length })),
    publishedGenres: jest.fn(async () => genres),
  };
  const episodesRepo = {
    findById: byId(episodes),
    // The repository's order is not relied on: shuffle what it answers.
    ofSeries: jest.fn(async (id: Types.ObjectId) => episodes.filter((e) => e.seriesId.equals(id)).reverse()),
    countBySeries: jest.fn(async () => new Map<string, number>()),
  };
  const moviesRepo = { findById: byId(movies), findVisible: visible(movies) };
  const listCache = {
    through: jest.fn((_key: string, load: () => Promise<unknown>) => load()),
    // As the cache answers a stored page: its JSON.
    throughReply: jest.fn(async (_key: string, _rpc: unknown, load: () => Promise<unknown>) =>
      JsonReply.of(await load()),
    ),
    searchReply: jest.fn(async (_key: string, _rpc: unknown, load: () => Promise<unknown>) =>
      JsonReply.of(await load()),
    ),
  };
  const service = new SeriesService(
    seriesRepo as unknown as SeriesRepository,
    episodesRepo as unknown as EpisodesRepository,
    moviesRepo as unknown as MoviesRepository,
    listCache as unknown as MovieListCache,
  );
  return { service, seriesRepo, episodesRepo, listCache };
};

const notFound = (message: string) => new AppError(ErrorCode.NotFound, message);

describe('SeriesService', () => {
  describe('list', () => {
    it('lists published series only, searching the normalised title and caching plain pages', async () => {
      const { service, seriesRepo, listCache } = setup({ series: [aSeries()] });
      await service.list({ page: 1, pageSize: 20, search: '  PÂNCHAYAT! ' });
      expect(seriesRepo.list).toHaveBeenCalledWith(
        { status: MovieStatus.Published, search: 'panchayat', genres: [], access: undefined },
        'popular',
        1,
        20,
      );
      // A search is never kept in Redis: it is held in the process, under its normalised words.
      expect(listCache.throughReply).not.toHaveBeenCalled();
      expect(listCache.searchReply.mock.calls.map(([key, rpc]) => [key, rpc])).toEqual([
        ['series:search:"panchayat":[1,20,null,null,"popular"]', SeriesRpc.list],
      ]);
      await service.list({ page: 1, pageSize: 20, sort: 'top-rated', access: MovieAccess.Free });
      expect(listCache.throughReply.mock.calls.map(([key, rpc]) => [key, rpc])).toEqual([
        ['series:published:[1,20,null,"free","top-rated"]', SeriesRpc.list],
      ]);
    });

    it('answers nothing, without a query, for punctuation-only searches and unknown genres', async () => {
      const { service, seriesRepo } = setup();
      await expect(service.list({ page: 1, pageSize: 20, search: '?!' })).resolves.toMatchObject({
        total: 0,
      });
      await expect(service.list({ page: 1, pageSize: 20, genre: 'Western' })).resolves.toMatchObject({
        total: 0,
      });
      expect(seriesRepo.list).not.toHaveBeenCalled();
    });

    it('carries each series’ season and episode counts', async () => {
      const series = aSeries();
      const { service, episodesRepo } = setup({ series: [series] });
      episodesRepo.countBySeries.mockResolvedValue(new Map([[series._id.toHexString(), 7]]));
      const page = await service.list({ page: 1, pageSize: 20 });
      const { data } = page instanceof JsonReply ? page.parse() : page;
      expect(data[0]).toMatchObject({ seasonCount: 2, episodeCount: 7 });
    });
  });

  describe('detail', () => {
    it('answers seasons in number order, each with its episodes in play order', async () => {
      const series = aSeries();
      const episodes = [
        anEpisode(series, 2, 1),
        anEpisode(series, 1, 3),
        anEpisode(series, 1, 1),
        anEpisode(series, 2, 2),
        anEpisode(series, 1, 2),
      ];
      const { service } = setup({ series: [series], episodes });
      const detail = await service.detail({ id: series._id.toHexString(), asAdmin: false });
      expect(detail.seasons.map((s) => [s.number, s.episodes.map((e) => e.number)])).toEqual([
        [1, [1, 2, 3]],
        [2, [1, 2]],
      ]);
      expect(detail).toMatchObject({ seasonCount: 2, episodeCount: 5 });
    });

    it('hides a draft from everyone but admins', async () => {
      const draft = aSeries({ status: MovieStatus.Draft, publishDate: null });
      const { service } = setup({ series: [draft] });
      const id = draft._id.toHexString();
      await expect(service.detail({ id, asAdmin: false })).rejects.toEqual(notFound('Series not found'));
      await expect(service.detail({ id, asAdmin: true })).resolves.toMatchObject({ id, status: 'draft' });
    });
  });

  describe('episode', () => {
    const series = aSeries();
    const s1e1 = anEpisode(series, 1, 1);
    const s1e2 = anEpisode(series, 1, 2);
    const s2e1 = anEpisode(series, 2, 1);
    const s2e2 = anEpisode(series, 2, 2);
    const all = [s2e2, s1e2, s2e1, s1e1];

    it.each([
      ['within a season', s1e1, s1e2],
      ['across seasons', s1e2, s2e1],
      ['none after the last', s2e2, null],
    ])('answers the next episode %s', async (_case, current, next) => {
      const { service } = setup({ series: [series], episodes: all });
      const context = await service.episode({ id: current._id.toHexString(), asAdmin: false });
      expect(context.episode.id).toBe(current._id.toHexString());
      expect(context.series).toMatchObject({ id: series._id.toHexString(), episodeCount: 4 });
      expect(context.next?.id ?? null).toBe(next ? next._id.toHexString() : null);
    });

    it('skips a season gap: S1’s last is followed by the next season that exists', async () => {
      const gapped = aSeries({
        seasons: [
          { number: 3, title: 'Season 3', overview: '', airDate: null },
          { number: 1, title: 'Season 1', overview: '', airDate: null },
        ],
      });
      const last = anEpisode(gapped, 1, 9);
      const first3 = anEpisode(gapped, 3, 1);
      const { service } = setup({ series: [gapped], episodes: [first3, last] });
      const context = await service.episode({ id: last._id.toHexString(), asAdmin: false });
      expect(context.next?.id).toBe(first3._id.toHexString());
    });

    it('hides the episodes of a draft series from everyone but admins, and unknown ids', async () => {
      const draft = aSeries({ status: MovieStatus.Draft });
      const episode = anEpisode(draft, 1, 1);
      const { service } = setup({ series: [draft], episodes: [episode] });
      const id = episode._id.toHexString();
      await expect(service.episode({ id, asAdmin: false })).rejects.toEqual(notFound('Episode not found'));
      await expect(service.episode({ id, asAdmin: true })).resolves.toMatchObject({ next: null });
      await expect(
        service.episode({ id: new Types.ObjectId().toHexString(), asAdmin: true }),
      ).rejects.toEqual(notFound('Episode not found'));
    });
  });

  describe('playable', () => {
    const movie = {
      _id: new Types.ObjectId(),
      title: 'Lagaan',
      posterUrl: '/images/w500/lagaan.svg',
      genre: 'Drama',
      rating: 8.1,
      status: MovieStatus.Published,
      access: MovieAccess.Premium,
      purchasePriceInr: 900,
      rentalPriceInr: 300,
    } as StoredMovie;
    const series = aSeries({ title: 'Panchayat', access: MovieAccess.Free });
    const episode = anEpisode(series, 1, 2, { title: 'The Bike' });
    const draft = aSeries({ status: MovieStatus.Draft, title: 'Hidden' });
    const draftEpisode = anEpisode(draft, 1, 1);
    const setUpAll = () =>
      setup({ movies: [movie], series: [series, draft], episodes: [episode, draftEpisode] });
    const ready = () => {
      const { service } = setUpAll();
      // A visitor's answer comes from the list cache, as the stored JSON.
      return {
        playable: async (payload: { id: string; asAdmin: boolean }) => {
          const answer = await service.playable(payload);
          return answer instanceof JsonReply ? answer.parse() : answer;
        },
      };
    };

    it('is read through the list cache (dropped at any catalogue write), except by an admin', async () => {
      const { service, listCache } = setUpAll();
      await service.playable({ id: movie._id.toHexString(), asAdmin: false });
      await service.playable({ id: draft._id.toHexString(), asAdmin: true });
      expect(listCache.throughReply.mock.calls.map(([key, rpc]) => [key, rpc])).toEqual([
        [`playable:${movie._id.toHexString()}`, SeriesRpc.playable],
      ]);
    });

    it('answers a movie id with the movie’s own facts and prices', async () => {
      await expect(ready().playable({ id: movie._id.toHexString(), asAdmin: false })).resolves.toEqual({
        id: movie._id.toHexString(),
        title: 'Lagaan',
        posterUrl: '/images/w500/lagaan.svg',
        genre: 'Drama',
        rating: 8.1,
        // A stored movie without descriptors (from before them) warns of none (issue 25).
        descriptors: [],
        facts: {
          movieId: movie._id.toHexString(),
          title: 'Lagaan',
          access: 'premium',
          purchasePriceInr: 900,
          rentalPriceInr: 300,
          kind: 'movie',
          availableUntil: null,
        },
        episode: null,
      });
    });

    it('answers a series id with the series’ facts, kind series', async () => {
      const answer = await ready().playable({ id: series._id.toHexString(), asAdmin: false });
      expect(answer).toMatchObject({
        id: series._id.toHexString(),
        title: 'Panchayat',
        posterUrl: series.posterUrl,
        genre: series.genre,
        rating: series.rating,
        facts: { movieId: series._id.toHexString(), access: 'free', kind: 'series' },
        episode: null,
      });
    });

    it('answers an episode id with its series’ facts and the episode’s place', async () => {
      const answer = await ready().playable({ id: episode._id.toHexString(), asAdmin: false });
      expect(answer).toMatchObject({
        id: episode._id.toHexString(),
        title: 'Panchayat · S1:E2 · The Bike',
        facts: { movieId: series._id.toHexString(), title: 'Panchayat', access: 'free', kind: 'series' },
        episode: { seriesId: series._id.toHexString(), seasonNumber: 1, episodeNumber: 2 },
      });
    });

    it('does not find drafts (nor their episodes) unless asked as an admin, nor unknown ids: one answer for all', async () => {
      const { service } = setUpAll();
      await expect(service.playable({ id: draft._id.toHexString(), asAdmin: false })).rejects.toEqual(
        notFound('Movie not found'),
      );
      await expect(service.playable({ id: draftEpisode._id.toHexString(), asAdmin: false })).rejects.toEqual(
        notFound('Movie not found'),
      );
      await expect(
        service.playable({ id: draftEpisode._id.toHexString(), asAdmin: true }),
      ).resolves.toMatchObject({ facts: { kind: 'series' } });
      await expect(
        service.playable({ id: new Types.ObjectId().toHexString(), asAdmin: true }),
      ).rejects.toEqual(notFound('Movie not found'));
    });
  });
});
