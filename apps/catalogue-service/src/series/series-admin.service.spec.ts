import { Types } from 'mongoose';
import { ErrorCode, MovieStatus } from '@app/contracts';
import type { AuditTrail } from '@app/server-core';
import { AppError } from '@app/server-core';
import { memoryOutbox } from '@app/server-testing';
import type { MovieListCache } from '../movies/movie-list.cache';
import type { ScheduleQueue } from '../schedule/schedule.queue';
import type { EpisodeRecord } from './episode.schema';
import type { EpisodesRepository, StoredEpisode } from './episodes.repository';
import { SeriesAdminService } from './series-admin.service';
import { aSeries, anEpisode } from './series.fixtures';
import type { SeriesRecord } from './series.schema';
import type { SeriesRepository, StoredSeries } from './series.repository';

const input = {
  title: 'Panchayat',
  description: 'A village office.',
  genre: 'Comedy' as const,
  rating: 8.9,
  posterUrl: 'https://images.example.in/p.jpg',
  classification: 'UA13' as const,
  descriptors: [],
};
const episodeInput = { number: 3, title: 'The Bike', intro: { startSeconds: 5, endSeconds: 20 } };

const setup = ({ series = [] as StoredSeries[], episodes = [] as StoredEpisode[] } = {}) => {
  const find = (id: string | Types.ObjectId) => series.find((s) => s._id.equals(id)) ?? null;
  const seriesRepo = {
    create: jest.fn(async (record: SeriesRecord) => ({ _id: new Types.ObjectId(), ...record })),
    findById: jest.fn(async (id: string | Types.ObjectId) => find(id)),
    update: jest.fn(async (id: string, changes: Partial<SeriesRecord>) => {
      const current = find(id);
      return current ? { ...current, ...changes } : null;
    }),
    publishDraft: jest.fn(async (id: string, publishDate: Date) => {
      const current = find(id);
      return current?.status === MovieStatus.Draft
        ? { ...current, status: MovieStatus.Published, publishDate }
        : null;
    }),
    delete: jest.fn(async (id: string) => Boolean(find(id))),
    addSeason: jest.fn(),
    updateSeason: jest.fn(),
    removeSeason: jest.fn(),
  };
  const inPlay = (list: StoredEpisode[]) =>
    [...list].sort((a, b) => a.seasonNumber - b.seasonNumber || a.number - b.number);
  const episodesRepo = {
    ofSeries: jest.fn(async (id: string | Types.ObjectId) =>
      inPlay(episodes.filter((e) => e.seriesId.equals(id))),
    ),
    ofSeason: jest.fn(async (id: Types.ObjectId, season: number) =>
      inPlay(episodes.filter((e) => e.seriesId.equals(id) && e.seasonNumber === season)),
    ),
    create: jest.fn(async (record: EpisodeRecord): Promise<StoredEpisode | null> => ({
      _id: new Types.ObjectId(),
      ...record,
    })),
    findById: jest.fn(async (id: string) => episodes.find((e) => e._id.equals(id)) ?? null),
    update: jest.fn(),
    delete: jest.fn(),
    deleteMany: jest.fn(async (ids: Types.ObjectId[]) => ids.length),
    countBySeries: jest.fn(async () => new Map()),
  };
  const listCache = { invalidate: jest.fn() };
  const events = {
    publish: jest.fn(async (_type: string, _payload: Record<string, unknown>) => 'event-id'),
  };
  const service = new SeriesAdminService(
    seriesRepo as unknown as SeriesRepository,
    episodesRepo as unknown as EpisodesRepository,
    listCache as unknown as MovieListCache,
    memoryOutbox(events as { publish: (type: string, payload: unknown) => Promise<string> }).outbox,
    { record: jest.fn() } as unknown as AuditTrail,
    { plan: jest.fn() } as unknown as ScheduleQueue,
  );
  const published = () =>
    events.publish.mock.calls.map(([type, payload]): [string, Record<string, unknown>] => [type, payload]);
  return { service, seriesRepo, episodesRepo, listCache, events, published };
};

const conflict = (message: string) => new AppError(ErrorCode.Conflict, message);
const notFound = (message: string) => new AppError(ErrorCode.NotFound, message);

describe('SeriesAdminService', () => {
  describe('create', () => {
    it('creates a draft with access from the rating, no events, and invalidates the lists', async () => {
      const { service, seriesRepo, events, listCache } = setup();
      const data = await service.create(input);
      expect(data).toMatchObject({
        status: 'draft',
        access: 'premium',
        publishDate: null,
        seasonCount: 0,
        episodeCount: 0,
        demo: false,
      });
      expect(seriesRepo.create.mock.calls[0][0]).toMatchObject({
        titleNormalized: 'panchayat',
        genres: ['Comedy'],
      });
      expect(await service.create({ ...input, rating: 7.9 })).toMatchObject({ access: 'free' });
      expect(events.publish).not.toHaveBeenCalled();
      expect(listCache.invalidate).toHaveBeenCalled();
    });

    it('keeps an admin’s access and announces a series created published', async () => {
      const { service, published } = setup();
      const data = await service.create({ ...input, access: 'free', status: 'published' });
      expect(data).toMatchObject({ access: 'free', status: 'published' });
      expect(published()).toEqual([
        [
          'series.published',
          expect.objectContaining({ seriesId: data.id, title: 'Panchayat', access: 'free' }),
        ],
      ]);
    });
  });

  describe('publish', () => {
    it('publishes a draft once and announces the series, then every episode in play order', async () => {
      const draft = aSeries({ status: MovieStatus.Draft, publishDate: null });
      const episodes = [anEpisode(draft, 2, 1), anEpisode(draft, 1, 2), anEpisode(draft, 1, 1)];
      const { service, published } = setup({ series: [draft], episodes });
      const data = await service.publish(draft._id.toHexString());
      expect(data).toMatchObject({ status: 'published', episodeCount: 3 });
      expect(data.publishDate).not.toBeNull();
      expect(published().map(([type, payload]) => [type, payload.episodeId ?? payload.seriesId])).toEqual([
        ['series.published', draft._id.toHexString()],
        ['episode.published', episodes[2]._id.toHexString()],
        ['episode.published', episodes[1]._id.toHexString()],
        ['episode.published', episodes[0]._id.toHexString()],
      ]);
      expect(published()[1][1]).toEqual({
        episodeId: episodes[2]._id.toHexString(),
        seriesId: draft._id.toHexString(),
        seasonNumber: 1,
        episodeNumber: 1,
        title: 'Episode 1.1',
        runtimeMinutes: 30,
      });
    });

    it('refuses to publish what is not a draft (409) and what does not exist (404), announcing nothing', async () => {
      const live = aSeries();
      const { service, events } = setup({ series: [live] });
      await expect(service.publish(live._id.toHexString())).rejects.toEqual(
        conflict('Only drafts can be published'),
      );
      await expect(service.publish(new Types.ObjectId().toHexString())).rejects.toEqual(
        notFound('Series not found'),
      );
      expect(events.publish).not.toHaveBeenCalled();
    });
  });

  describe('update', () => {
    it('announces an edit of a published series as series.updated, the card as it now is', async () => {
      const live = aSeries();
      const { service, published } = setup({ series: [live] });
      await service.update(live._id.toHexString(), { title: 'Panchayat Returns', genre: 'Drama' });
      expect(published()).toEqual([
        [
          'series.updated',
          expect.objectContaining({ title: 'Panchayat Returns', genre: 'Drama', status: 'published' }),
        ],
      ]);
    });

    it('says nothing of an edit of a draft, and publishes a draft saved as published with its episodes', async () => {
      const draft = aSeries({ status: MovieStatus.Draft, publishDate: null });
      const episode = anEpisode(draft, 1, 1);
      const { service, published, seriesRepo } = setup({ series: [draft], episodes: [episode] });
      await service.update(draft._id.toHexString(), { description: 'Still a draft.' });
      expect(published()).toEqual([]);
      await service.update(draft._id.toHexString(), { status: 'published' });
      // Conditionally, as Publish: the same save sent twice publishes once.
      expect(seriesRepo.update.mock.calls[1][1]).toEqual({});
      expect(seriesRepo.publishDraft).toHaveBeenCalledWith(draft._id.toHexString(), expect.any(Date));
      expect(published().map(([type]) => type)).toEqual(['series.published', 'episode.published']);
    });

    it('announces a published series taken back to draft, so consumers know', async () => {
      const live = aSeries();
      const { service, published } = setup({ series: [live] });
      await service.update(live._id.toHexString(), { status: 'draft' });
      expect(published()).toEqual([['series.updated', expect.objectContaining({ status: 'draft' })]]);
    });
  });

  describe('remove', () => {
    it('removes the series and its episodes, announcing each episode and then the series', async () => {
      const live = aSeries();
      const episodes = [anEpisode(live, 1, 1), anEpisode(live, 2, 1)];
      const { service, published, episodesRepo } = setup({ series: [live], episodes });
      const id = live._id.toHexString();
      await expect(service.remove(id)).resolves.toEqual({ id });
      expect(episodesRepo.deleteMany).toHaveBeenCalledWith(episodes.map((e) => e._id));
      expect(published()).toEqual([
        ['episode.deleted', { episodeId: episodes[0]._id.toHexString(), seriesId: id }],
        ['episode.deleted', { episodeId: episodes[1]._id.toHexString(), seriesId: id }],
        ['series.deleted', { seriesId: id }],
      ]);
    });

    it('404s for a series that is not there', async () => {
      const { service, events } = setup();
      await expect(service.remove(new Types.ObjectId().toHexString())).rejects.toEqual(
        notFound('Series not found'),
      );
      expect(events.publish).not.toHaveBeenCalled();
    });
  });

  describe('seasons', () => {
    it('adds a season titled after its number, answering the detail', async () => {
      const live = aSeries({ seasons: [] });
      const { service, seriesRepo } = setup({ series: [live] });
      seriesRepo.addSeason.mockImplementation(async (_id, season) => ({ ...live, seasons: [season] }));
      const detail = await service.addSeason(live._id.toHexString(), { number: 1 });
      expect(seriesRepo.addSeason).toHaveBeenCalledWith(live._id.toHexString(), {
        number: 1,
        title: 'Season 1',
        overview: '',
        airDate: null,
      });
      expect(detail.seasons).toEqual([
        { number: 1, title: 'Season 1', overview: '', airDate: null, episodes: [] },
      ]);
    });

    it('refuses a season number already used (409) and a series that is not there (404)', async () => {
      const live = aSeries();
      const { service, seriesRepo } = setup({ series: [live] });
      seriesRepo.addSeason.mockResolvedValue(null);
      await expect(service.addSeason(live._id.toHexString(), { number: 1 })).rejects.toEqual(
        conflict('That season already exists'),
      );
      await expect(service.addSeason(new Types.ObjectId().toHexString(), { number: 1 })).rejects.toEqual(
        notFound('Series not found'),
      );
    });

    it('404s an update of a season that is not there', async () => {
      const live = aSeries();
      const { service, seriesRepo } = setup({ series: [live] });
      seriesRepo.updateSeason.mockResolvedValue(null);
      await expect(service.updateSeason(live._id.toHexString(), 9, { title: 'Nine' })).rejects.toEqual(
        notFound('Season not found'),
      );
    });

    it('removes a season with its episodes (each announced), leaving the other seasons’ alone', async () => {
      const live = aSeries();
      const gone = [anEpisode(live, 2, 1), anEpisode(live, 2, 2)];
      const kept = anEpisode(live, 1, 1);
      const { service, seriesRepo, episodesRepo, published } = setup({
        series: [live],
        episodes: [...gone, kept],
      });
      seriesRepo.removeSeason.mockResolvedValue({
        ...live,
        seasons: live.seasons.filter((s) => s.number !== 2),
      });
      await service.removeSeason(live._id.toHexString(), 2);
      expect(episodesRepo.deleteMany).toHaveBeenCalledWith(gone.map((e) => e._id));
      expect(published().map(([type, payload]) => [type, payload.episodeId])).toEqual(
        gone.map((e) => ['episode.deleted', e._id.toHexString()]),
      );
    });
  });

  describe('episodes', () => {
    it('adds an episode to a season of a published series and announces it', async () => {
      const live = aSeries({ demo: true });
      const { service, episodesRepo, published } = setup({ series: [live] });
      const episode = await service.addEpisode(live._id.toHexString(), 1, episodeInput);
      expect(episode).toMatchObject({
        seasonNumber: 1,
        number: 3,
        title: 'The Bike',
        intro: { startSeconds: 5, endSeconds: 20 },
        mediaReady: false,
      });
      expect(episodesRepo.create.mock.calls[0][0]).toMatchObject({ seriesId: live._id, overview: '' });
      expect(published()).toEqual([
        [
          'episode.published',
          expect.objectContaining({ episodeId: episode.id, episodeNumber: 3, demo: true }),
        ],
      ]);
    });

    it('announces nothing for an episode added to a draft', async () => {
      const draft = aSeries({ status: MovieStatus.Draft });
      const { service, events } = setup({ series: [draft] });
      await service.addEpisode(draft._id.toHexString(), 2, episodeInput);
      expect(events.publish).not.toHaveBeenCalled();
    });

    it('needs the season to exist (404) and the number to be free in it (409)', async () => {
      const live = aSeries();
      const { service, episodesRepo, events } = setup({ series: [live] });
      await expect(service.addEpisode(live._id.toHexString(), 7, episodeInput)).rejects.toEqual(
        notFound('Season not found'),
      );
      expect(episodesRepo.create).not.toHaveBeenCalled();
      episodesRepo.create.mockResolvedValueOnce(null);
      await expect(service.addEpisode(live._id.toHexString(), 1, episodeInput)).rejects.toEqual(
        conflict('That episode number is already used in this season'),
      );
      await expect(service.addEpisode(new Types.ObjectId().toHexString(), 1, episodeInput)).rejects.toEqual(
        notFound('Series not found'),
      );
      expect(events.publish).not.toHaveBeenCalled();
    });

    it('updates an episode (409 on a taken number, 404 when gone), announcing it when its series is live', async () => {
      const live = aSeries();
      const episode = anEpisode(live, 1, 1);
      const { service, episodesRepo, published } = setup({ series: [live], episodes: [episode] });
      episodesRepo.update
        .mockResolvedValueOnce({ ...episode, title: 'Renamed', intro: null })
        .mockResolvedValueOnce(false)
        .mockResolvedValueOnce(null);
      const id = episode._id.toHexString();
      await expect(service.updateEpisode(id, { title: 'Renamed', intro: null })).resolves.toMatchObject({
        title: 'Renamed',
        intro: null,
      });
      expect(episodesRepo.update).toHaveBeenCalledWith(id, { title: 'Renamed', intro: null });
      await expect(service.updateEpisode(id, { number: 2 })).rejects.toEqual(
        conflict('That episode number is already used in this season'),
      );
      await expect(service.updateEpisode(id, { number: 2 })).rejects.toEqual(notFound('Episode not found'));
      expect(published()).toEqual([['episode.published', expect.objectContaining({ title: 'Renamed' })]]);
    });

    it('removes an episode and announces it', async () => {
      const live = aSeries();
      const episode = anEpisode(live, 1, 1);
      const { service, episodesRepo, published } = setup({ series: [live], episodes: [episode] });
      episodesRepo.delete.mockResolvedValueOnce(episode).mockResolvedValueOnce(null);
      const id = episode._id.toHexString();
      await expect(service.removeEpisode(id)).resolves.toEqual({ id });
      await expect(service.removeEpisode(id)).rejects.toEqual(notFound('Episode not found'));
      expect(published()).toEqual([['episode.deleted', { episodeId: id, seriesId: live._id.toHexString() }]]);
    });
  });
});
