import type { Redis } from 'ioredis';
import type { EventEnvelope } from '@app/contracts';
import { ErrorCode, EVENT_STREAM, MovieRpc, MovieStatus, SeriesPatterns, SeriesRpc } from '@app/contracts';
import { EventBus, REDIS_CLIENT } from '@app/server-core';
import type { ServiceUnderTest, TmdbFake } from '@app/server-testing';
import { sampleTmdbData, startTmdbFake, uniqueSuffix, waitUntil } from '@app/server-testing';
import { TmdbImporter } from '../src/import/tmdb-importer';
import { DEMO_SERIES } from '../src/seed/demo-series';
import { announceSeededSeries, seedSeries } from '../src/seed/seed-series';
import { catalogueContext, startCatalogue, type CatalogueContext } from './catalogue-context';

type Emitted = { type: string; payload: Record<string, unknown> };

const seriesInput = {
  title: 'Admin Series',
  description: 'Made by an admin.',
  genre: 'Thriller' as const,
  rating: 8.2,
  posterUrl: 'https://images.example.in/admin-series.jpg',
  classification: 'UA13' as const,
  descriptors: [],
};

describe('series, seasons and episodes in catalogue-service (real MongoDB and Redis)', () => {
  let service: ServiceUnderTest;
  let tmdb: TmdbFake;
  let redis: Redis;
  let bus: EventBus;
  let ctx: CatalogueContext;

  const streamLength = () => redis.xlen(EVENT_STREAM);
  /** Events published after `before` entries of the stream (shared with other suites). */
  /** What the catalogue announced since; its audit entries are admin-audit.int-spec's. */
  const eventsSince = async (before: number): Promise<Emitted[]> =>
    (await redis.xrange(EVENT_STREAM, '-', '+'))
      .slice(before)
      .map(([, fields]) => JSON.parse(fields[1]) as EventEnvelope<Record<string, unknown>>)
      .filter(({ type }) => type !== 'audit.recorded')
      .map(({ type, payload }) => ({ type, payload }));
  const ofSeries = (events: Emitted[], seriesId: string) =>
    events
      .filter((event) => event.payload.seriesId === seriesId)
      .map((event) => [event.type, event.payload.episodeId ?? event.payload.seriesId]);
  const counts = async () => ({ series: await ctx.series.count(), episodes: await ctx.episodes.count() });

  beforeAll(async () => {
    tmdb = await startTmdbFake();
    service = await startCatalogue('catalogue-series', { tmdb });
    redis = service.app.get<Redis>(REDIS_CLIENT);
    bus = service.app.get(EventBus);
    ctx = catalogueContext(service);
  });

  afterAll(async () => {
    await service?.close();
    await tmdb?.stop();
  });

  describe('browsing (visitors see published series only)', () => {
    it('searches the normalised title, filters by genre and access, and sorts', async () => {
      const tag = uniqueSuffix();
      const day = (n: number) => new Date(`2025-01-${String(n).padStart(2, '0')}T00:00:00Z`);
      const alpha = await ctx.newSeries({
        title: `Ñight ${tag} Alpha`,
        genre: 'Comedy',
        rating: 7.1,
        popularity: 50,
        publishDate: day(3),
      });
      const bravo = await ctx.newSeries({
        title: `Night ${tag} Bravo`,
        rating: 8.5,
        popularity: 10,
        publishDate: day(9),
      });
      const charlie = await ctx.newSeries({
        title: `Night ${tag} Charlie`,
        rating: 6,
        popularity: 90,
        publishDate: day(1),
      });
      await ctx.newSeries({ title: `Night ${tag} Draft`, genre: 'Horror', status: MovieStatus.Draft });
      const list = async (query: Record<string, unknown>) =>
        (await service.call(SeriesRpc.list, { search: `night ${tag}`, ...query })).data.map(
          (series) => series.id,
        );

      expect(await list({})).toEqual([charlie.id, alpha.id, bravo.id]);
      expect(await list({ sort: 'top-rated' })).toEqual([bravo.id, alpha.id, charlie.id]);
      expect(await list({ sort: 'newest' })).toEqual([bravo.id, alpha.id, charlie.id]);
      expect(await list({ sort: 'title' })).toEqual([alpha.id, bravo.id, charlie.id]);
      expect(await list({ genre: 'Comedy' })).toEqual([alpha.id]);
      expect(await list({ access: 'premium' })).toEqual([bravo.id]);
      expect(await list({ search: `NIGHT ${tag} (Alpha)` })).toEqual([alpha.id]);
      // The draft's genre is nobody's published genre.
      expect(await list({ genre: 'Horror' })).toEqual([]);
      const genres = await service.call(SeriesRpc.genres, {});
      expect(genres).toEqual(expect.arrayContaining(['Comedy', 'Drama']));
      expect(genres).not.toContain('Horror');
    });

    it('shows a newly published series in a cached list at once', async () => {
      const tag = uniqueSuffix();
      const firstPage = async () =>
        (await service.call(SeriesRpc.list, { page: 1, pageSize: 100, sort: 'title' })).data.map(
          (s) => s.title,
        );
      await firstPage(); // cached now
      const created = await service.call(SeriesRpc.create, { ...seriesInput, title: `Aaaa ${tag}` });
      expect(await firstPage()).not.toContain(`Aaaa ${tag}`);
      await service.call(SeriesRpc.publish, { id: created.id });
      expect(await firstPage()).toContain(`Aaaa ${tag}`);
    });

    it('answers seasons in order with their episodes in play order, and a draft only to admins', async () => {
      const series = await ctx.newSeries({
        seasons: [2, 1].map((number) => ({ number, title: `Season ${number}`, overview: '', airDate: null })),
      });
      for (const [season, number] of [
        [2, 2],
        [1, 3],
        [2, 1],
        [1, 1],
        [1, 2],
      ])
        await ctx.newEpisode(series, season, number);
      const detail = await service.call(SeriesRpc.get, { id: series.id, asAdmin: false });
      expect(detail.seasons.map((s) => [s.number, s.episodes.map((e) => e.number)])).toEqual([
        [1, [1, 2, 3]],
        [2, [1, 2]],
      ]);
      expect(detail).toMatchObject({ seasonCount: 2, episodeCount: 5, status: 'published' });

      const draft = await ctx.newSeries({ status: MovieStatus.Draft });
      await expect(service.call(SeriesRpc.get, { id: draft.id, asAdmin: false })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Series not found',
      });
      await expect(service.call(SeriesRpc.get, { id: draft.id, asAdmin: true })).resolves.toMatchObject({
        status: 'draft',
      });
    });

    it('answers an episode with its series and the next episode, across seasons, and none after the last', async () => {
      const series = await ctx.newSeries();
      const s1e1 = await ctx.newEpisode(series, 1, 1);
      const s1e2 = await ctx.newEpisode(series, 1, 2);
      const s2e1 = await ctx.newEpisode(series, 2, 1, { intro: { startSeconds: 5, endSeconds: 20 } });
      const next = async (id: string) =>
        (await service.call(SeriesRpc.episode, { id, asAdmin: false })).next?.id ?? null;
      expect(await next(s1e1.id)).toBe(s1e2.id);
      expect(await next(s1e2.id)).toBe(s2e1.id);
      expect(await next(s2e1.id)).toBeNull();
      const context = await service.call(SeriesRpc.episode, { id: s1e2.id, asAdmin: false });
      expect(context.series).toMatchObject({ id: series.id, episodeCount: 3 });
      expect(context.next).toMatchObject({
        seasonNumber: 2,
        number: 1,
        intro: { startSeconds: 5, endSeconds: 20 },
      });

      const draft = await ctx.newSeries({ status: MovieStatus.Draft });
      const hidden = await ctx.newEpisode(draft, 1, 1);
      await expect(service.call(SeriesRpc.episode, { id: hidden.id, asAdmin: false })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Episode not found',
      });
      await expect(service.call(SeriesRpc.episode, { id: hidden.id, asAdmin: true })).resolves.toMatchObject({
        next: null,
      });
    });

    it('answers playable ids: a movie, a series, an episode; drafts only to admins', async () => {
      const movie = await ctx.newMovie({ rating: 8.4, descriptors: ['violence', 'language'] });
      const series = await ctx.newSeries({ title: `Gullak ${uniqueSuffix()}`, rating: 8.6 });
      const episode = await ctx.newEpisode(series, 1, 2, { title: 'The Cooler' });
      const playable = (id: string, asAdmin = false) => service.call(SeriesRpc.playable, { id, asAdmin });

      expect(await playable(movie.id)).toEqual({
        id: movie.id,
        title: movie.title,
        posterUrl: movie.posterUrl,
        genre: movie.genre,
        rating: 8.4,
        classification: 'UA13',
        // Shown by the player as playback starts (issue 25).
        descriptors: ['violence', 'language'],
        facts: {
          movieId: movie.id,
          title: movie.title,
          access: 'premium',
          purchasePriceInr: 1200,
          rentalPriceInr: 500,
          kind: 'movie',
          availableUntil: null,
        },
        episode: null,
      });
      expect(await playable(series.id)).toMatchObject({
        id: series.id,
        title: series.title,
        posterUrl: series.posterUrl,
        genre: series.genre,
        rating: 8.6,
        facts: { movieId: series.id, title: series.title, access: 'premium', kind: 'series' },
        episode: null,
      });
      expect(await playable(episode.id)).toMatchObject({
        id: episode.id,
        title: `${series.title} · S1:E2 · The Cooler`,
        facts: { movieId: series.id, access: 'premium', kind: 'series' },
        episode: { seriesId: series.id, seasonNumber: 1, episodeNumber: 2 },
      });

      const draft = await ctx.newSeries({ status: MovieStatus.Draft });
      const draftEpisode = await ctx.newEpisode(draft, 1, 1);
      const draftMovie = await ctx.newMovie({ status: MovieStatus.Draft });
      for (const id of [draft.id, draftEpisode.id, draftMovie.id, 'f'.repeat(24)])
        await expect(playable(id)).rejects.toMatchObject({ code: ErrorCode.NotFound });
      await expect(playable(draftEpisode.id, true)).resolves.toMatchObject({
        episode: { seriesId: draft.id },
      });
      await expect(playable(draftMovie.id, true)).resolves.toMatchObject({ facts: { kind: 'movie' } });
    });

    it('serves the generated poster of a published series, not of a draft', async () => {
      const series = await ctx.newSeries({ title: 'Poster Series' });
      const { svg } = await service.call(MovieRpc.poster, { id: series.id });
      expect(svg).toMatch(/aria-label="Poster Series \(\d{4}\)"/);
      const draft = await ctx.newSeries({ status: MovieStatus.Draft });
      await expect(service.call(MovieRpc.poster, { id: draft.id })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
      });
    });
  });

  describe('admin writes', () => {
    it('creates a draft with defaults, publishes it once, and announces the series and each episode in order', async () => {
      const created = await service.call(SeriesRpc.create, { ...seriesInput, rating: 7.5 });
      expect(created).toMatchObject({
        status: 'draft',
        access: 'free',
        publishDate: null,
        demo: false,
        seasonCount: 0,
        episodeCount: 0,
      });
      const before = await streamLength();
      await service.call(SeriesRpc.addSeason, { seriesId: created.id, season: { number: 2 } });
      await service.call(SeriesRpc.addSeason, {
        seriesId: created.id,
        season: { number: 1, title: 'Pilot Season', airDate: '2024-02-01' },
      });
      const s2e1 = await service.call(SeriesRpc.addEpisode, {
        seriesId: created.id,
        seasonNumber: 2,
        episode: { number: 1, title: 'Later', runtimeMinutes: 40 },
      });
      const s1e1 = await service.call(SeriesRpc.addEpisode, {
        seriesId: created.id,
        seasonNumber: 1,
        episode: { number: 1, title: 'First', intro: { startSeconds: 3, endSeconds: 30 } },
      });
      // A draft's episodes are nobody's business yet.
      expect(await eventsSince(before)).toEqual([]);

      const published = await service.call(SeriesRpc.publish, { id: created.id });
      expect(published).toMatchObject({ status: 'published', seasonCount: 2, episodeCount: 2 });
      expect(published.publishDate).not.toBeNull();
      const events = await eventsSince(before);
      expect(ofSeries(events, created.id)).toEqual([
        ['series.published', created.id],
        ['episode.published', s1e1.id],
        ['episode.published', s2e1.id],
      ]);
      expect(events[1].payload).toEqual({
        episodeId: s1e1.id,
        seriesId: created.id,
        seasonNumber: 1,
        episodeNumber: 1,
        title: 'First',
        runtimeMinutes: null,
      });
      await expect(service.call(SeriesRpc.publish, { id: created.id })).rejects.toMatchObject({
        code: ErrorCode.Conflict,
        message: 'Only drafts can be published',
      });
      const detail = await service.call(SeriesRpc.get, { id: created.id, asAdmin: false });
      expect(detail.seasons.map((s) => [s.number, s.title, s.airDate])).toEqual([
        [1, 'Pilot Season', '2024-02-01'],
        [2, 'Season 2', null],
      ]);

      // Added to a published series, an episode is announced at once.
      const after = await streamLength();
      const s1e2 = await service.call(SeriesRpc.addEpisode, {
        seriesId: created.id,
        seasonNumber: 1,
        episode: { number: 2, title: 'Second' },
      });
      expect(ofSeries(await eventsSince(after), created.id)).toEqual([['episode.published', s1e2.id]]);
    });

    it('keeps season numbers unique, even when two admins add the same season at once', async () => {
      const series = await ctx.newSeries();
      const results = await Promise.allSettled(
        [0, 1].map(() => service.call(SeriesRpc.addSeason, { seriesId: series.id, season: { number: 3 } })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const [refused] = results.filter((r) => r.status === 'rejected');
      expect(refused.reason).toMatchObject({
        code: ErrorCode.Conflict,
        message: 'That season already exists',
      });
      await expect(
        service.call(SeriesRpc.addSeason, { seriesId: series.id, season: { number: 1 } }),
      ).rejects.toMatchObject({ code: ErrorCode.Conflict });
      const detail = await service.call(SeriesRpc.get, { id: series.id, asAdmin: true });
      expect(detail.seasons.map((s) => s.number)).toEqual([1, 2, 3]);
      await expect(
        service.call(SeriesRpc.addSeason, { seriesId: 'f'.repeat(24), season: { number: 1 } }),
      ).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Series not found' });
    });

    it('keeps episode numbers unique in a season, even at once, and needs the season to exist', async () => {
      const series = await ctx.newSeries();
      const add = (seasonNumber: number, number: number, title = 'An episode') =>
        service.call(SeriesRpc.addEpisode, { seriesId: series.id, seasonNumber, episode: { number, title } });
      const results = await Promise.allSettled([add(1, 1, 'One'), add(1, 1, 'Other')]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const [refused] = results.filter((r) => r.status === 'rejected');
      expect(refused.reason).toMatchObject({
        code: ErrorCode.Conflict,
        message: 'That episode number is already used in this season',
      });
      // The same number in another season is another episode.
      const s2e1 = await add(2, 1);
      await expect(add(9, 1)).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Season not found',
      });

      const s1e2 = await add(1, 2, 'Two');
      await expect(
        service.call(SeriesRpc.updateEpisode, { id: s1e2.id, changes: { number: 1 } }),
      ).rejects.toMatchObject({ code: ErrorCode.Conflict });
      const detail = await service.call(SeriesRpc.get, { id: series.id, asAdmin: false });
      expect(detail.seasons.map((s) => s.episodes.map((e) => [e.number, e.id]))).toEqual([
        [
          [1, expect.any(String)],
          [2, s1e2.id],
        ],
        [[1, s2e1.id]],
      ]);
    });

    it('updates a season and an episode; the edit of an episode in a published series is announced', async () => {
      const series = await ctx.newSeries();
      const episode = await ctx.newEpisode(series, 1, 1, { intro: { startSeconds: 1, endSeconds: 9 } });
      const season = await service.call(SeriesRpc.updateSeason, {
        seriesId: series.id,
        seasonNumber: 1,
        changes: { title: 'The Beginning', overview: 'It starts.' },
      });
      expect(season.seasons[0]).toMatchObject({ number: 1, title: 'The Beginning', overview: 'It starts.' });
      await expect(
        service.call(SeriesRpc.updateSeason, {
          seriesId: series.id,
          seasonNumber: 7,
          changes: { title: 'x' },
        }),
      ).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Season not found' });

      const before = await streamLength();
      const updated = await service.call(SeriesRpc.updateEpisode, {
        id: episode.id,
        changes: { title: 'Renamed', intro: null, runtimeMinutes: 41 },
      });
      expect(updated).toMatchObject({ title: 'Renamed', intro: null, runtimeMinutes: 41, number: 1 });
      expect(await eventsSince(before)).toEqual([
        {
          type: 'episode.published',
          payload: {
            episodeId: episode.id,
            seriesId: series.id,
            seasonNumber: 1,
            episodeNumber: 1,
            title: 'Renamed',
            runtimeMinutes: 41,
          },
        },
      ]);
      await expect(
        service.call(SeriesRpc.updateEpisode, { id: 'f'.repeat(24), changes: { title: 'x' } }),
      ).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Episode not found' });
    });

    it('announces an edit of a published series as series.updated, the card as it now is', async () => {
      const series = await ctx.newSeries({ creators: ['Zoya Akhtar'] });
      const before = await streamLength();
      const updated = await service.call(SeriesRpc.update, {
        id: series.id,
        changes: { title: 'Made in Heaven', genre: 'Comedy', rating: 8.3, firstAirDate: '2019-03-08' },
      });
      expect(updated).toMatchObject({ title: 'Made in Heaven', genres: ['Comedy'], access: series.access });
      expect(await eventsSince(before)).toEqual([
        {
          type: 'series.updated',
          payload: {
            seriesId: series.id,
            title: 'Made in Heaven',
            genre: 'Comedy',
            status: 'published',
            posterUrl: series.posterUrl,
            rating: 8.3,
            access: series.access,
            classification: series.classification,
            director: 'Zoya Akhtar',
            cast: [],
            releaseYear: 2019,
            availableUntil: null,
          },
        },
      ]);
      const { data } = await service.call(SeriesRpc.list, { search: 'made in heaven' });
      expect(data.map((s) => s.id)).toContain(series.id);
    });

    it('removes a season with its episodes, then the series with the rest, announcing each', async () => {
      const series = await ctx.newSeries();
      const s1e1 = await ctx.newEpisode(series, 1, 1);
      const s2e1 = await ctx.newEpisode(series, 2, 1);
      const s2e2 = await ctx.newEpisode(series, 2, 2);
      const before = await streamLength();
      const detail = await service.call(SeriesRpc.removeSeason, { seriesId: series.id, seasonNumber: 2 });
      expect(detail).toMatchObject({ seasonCount: 1, episodeCount: 1 });
      expect(ofSeries(await eventsSince(before), series.id)).toEqual([
        ['episode.deleted', s2e1.id],
        ['episode.deleted', s2e2.id],
      ]);
      await expect(service.call(SeriesRpc.episode, { id: s2e1.id, asAdmin: true })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
      });
      expect(await ctx.episodes.findById(s2e2.id)).toBeNull();
      await expect(
        service.call(SeriesRpc.removeSeason, { seriesId: series.id, seasonNumber: 2 }),
      ).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Season not found' });

      const removal = await streamLength();
      await expect(service.call(SeriesRpc.remove, { id: series.id })).resolves.toEqual({ id: series.id });
      expect(ofSeries(await eventsSince(removal), series.id)).toEqual([
        ['episode.deleted', s1e1.id],
        ['series.deleted', series.id],
      ]);
      expect(await ctx.episodes.ofSeries(series.id)).toEqual([]);
      await expect(service.call(SeriesRpc.playable, { id: s1e1.id, asAdmin: true })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
      });
      await expect(service.call(SeriesRpc.remove, { id: series.id })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Series not found',
      });
    });

    it('removes one episode and announces it', async () => {
      const series = await ctx.newSeries();
      const episode = await ctx.newEpisode(series, 1, 1);
      const before = await streamLength();
      await expect(service.call(SeriesRpc.removeEpisode, { id: episode.id })).resolves.toEqual({
        id: episode.id,
      });
      expect(await eventsSince(before)).toEqual([
        { type: 'episode.deleted', payload: { episodeId: episode.id, seriesId: series.id } },
      ]);
      await expect(service.call(SeriesRpc.removeEpisode, { id: episode.id })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Episode not found',
      });
    });

    it('lists drafts too to admins, most recently added first, with their counts', async () => {
      const tag = uniqueSuffix();
      const first = await ctx.newSeries({ title: `Admin ${tag} One`, status: MovieStatus.Draft });
      await ctx.newEpisode(first, 1, 1);
      const second = await ctx.newSeries({ title: `Admin ${tag} Two` });
      const page = await service.call(SeriesRpc.adminList, { search: `admin ${tag}` });
      expect(page.data.map((s) => [s.id, s.status, s.episodeCount])).toEqual([
        [second.id, 'published', 0],
        [first.id, 'draft', 1],
      ]);
      const drafts = await service.call(SeriesRpc.adminList, { search: `admin ${tag}`, status: 'draft' });
      expect(drafts.data.map((s) => s.id)).toEqual([first.id]);
    });
  });

  it('marks an episode playable when media.ready names it', async () => {
    const series = await ctx.newSeries();
    const episode = await ctx.newEpisode(series, 1, 1);
    const shown = async () =>
      (await service.call(SeriesRpc.episode, { id: episode.id, asAdmin: false })).episode;
    expect((await shown()).mediaReady).toBe(false);
    await bus.publish('media.ready', { movieId: episode.id, durationSeconds: 1_500 });
    await waitUntil(async () => (await shown()).mediaReady, 'the episode to be playable');
    expect(await ctx.episodes.findById(episode.id)).toMatchObject({ mediaDurationSeconds: 1_500 });
  });

  it('gives a series every language one of its episodes has, and lists it under that language (issue 26)', async () => {
    const series = await ctx.newSeries({ popularity: 5_000_000 });
    const first = await ctx.newEpisode(series, 1, 1);
    const second = await ctx.newEpisode(series, 1, 2);
    await bus.publish('media.ready', {
      movieId: first.id,
      durationSeconds: 100,
      audioLanguages: ['hi', 'en'],
      subtitleLanguages: ['en'],
    });
    await bus.publish('media.ready', {
      movieId: second.id,
      durationSeconds: 100,
      audioLanguages: ['ta'],
      subtitleLanguages: ['hi'],
    });
    const languages = async () => {
      const detail = await service.call(SeriesRpc.get, { id: series.id, asAdmin: false });
      return [detail.audioLanguages?.slice().sort(), detail.subtitleLanguages?.slice().sort()];
    };
    await waitUntil(async () => (await languages())[0]?.includes('ta') ?? false, 'the second episode');
    expect(await languages()).toEqual([
      ['en', 'hi', 'ta'],
      ['en', 'hi'],
    ]);
    const tamil = await service.call(SeriesRpc.list, { page: 1, pageSize: 50, language: 'ta' });
    expect(tamil.data.map((s) => s.id)).toContain(series.id);
    const bengali = await service.call(SeriesRpc.list, { page: 1, pageSize: 50, language: 'bn' });
    expect(bengali.data.map((s) => s.id)).not.toContain(series.id);
  });

  describe('demo seed', () => {
    it('seeds the demo series once as demo content, with every episode announced; a re-run adds nothing', async () => {
      const demos = DEMO_SERIES.slice(0, 2);
      const hooks = announceSeededSeries(bus);
      const before = await streamLength();
      const first = await seedSeries(ctx.series, ctx.episodes, demos, hooks);
      const episodeTotal = demos.reduce(
        (sum, d) => sum + d.seasons.reduce((n, s) => n + s.episodes.length, 0),
        0,
      );
      expect(first).toEqual({ added: 2, present: 0, episodesAdded: episodeTotal });
      const events = await eventsSince(before);
      const announced = events.filter((e) => e.type === 'series.published');
      expect(announced.map((e) => [e.payload.title, e.payload.demo])).toEqual(
        demos.map((d) => [d.title, true]),
      );
      const episodes = events.filter((e) => e.type === 'episode.published');
      expect(episodes).toHaveLength(episodeTotal);
      expect(episodes.every((e) => e.payload.demo === true)).toBe(true);

      const seriesId = String(announced[0].payload.seriesId);
      const detail = await service.call(SeriesRpc.get, { id: seriesId, asAdmin: false });
      expect(detail).toMatchObject({
        title: demos[0].title,
        demo: true,
        status: 'published',
        access: demos[0].access,
        posterUrl: `/generated/${seriesId}.svg`,
        seasonCount: demos[0].seasons.length,
      });
      expect(detail.seasons[0].episodes[0]).toMatchObject({
        number: 1,
        title: demos[0].seasons[0].episodes[0],
        intro: { startSeconds: 5, endSeconds: 15 },
        runtimeMinutes: expect.any(Number),
      });

      // The first series' episodes got their media; the second's did not yet: only those are announced again.
      for (const season of detail.seasons)
        for (const episode of season.episodes)
          await ctx.episodes.markMediaReady([{ id: episode.id, durationSeconds: 30, readyAt: new Date() }]);
      const count = await counts();
      const again = await streamLength();
      expect(await seedSeries(ctx.series, ctx.episodes, demos, hooks)).toEqual({
        added: 0,
        present: 2,
        episodesAdded: 0,
      });
      expect(await counts()).toEqual(count);
      const reannounced = await eventsSince(again);
      const secondId = String(announced[1].payload.seriesId);
      expect(reannounced.map((e) => [e.type, e.payload.seriesId])).toEqual(
        episodes.filter((e) => e.payload.seriesId === secondId).map(() => ['episode.published', secondId]),
      );
    });
  });

  describe('import from the TMDB fake', () => {
    it('imports popular shows with their seasons and episodes; a second run adds no duplicates', async () => {
      const importer = service.app.get(TmdbImporter);
      const before = await counts();
      const start = await streamLength();
      // Breaking Bad 3 + 2 (its specials are left out), Kota Factory 2, Quiet Orbit 1.
      expect(await importer.run('tv')).toEqual({ seen: 3, added: 3, updated: 0, episodesAdded: 8 });
      expect(await counts()).toEqual({ series: before.series + 3, episodes: before.episodes + 8 });

      const [bb] = (await service.call(SeriesRpc.list, { search: 'breaking bad' })).data;
      expect(bb).toMatchObject({
        tmdbId: 1396,
        genres: ['Drama', 'Crime'],
        access: 'premium',
        rating: 8.9,
        posterUrl: 'https://image.tmdb.org/t/p/w500/ztkUQFLlC19CCMYHW9o1zWhJRNq.jpg',
        creators: ['Vince Gilligan'],
        firstAirDate: '2008-01-20',
        seasonCount: 2,
        episodeCount: 5,
        status: 'published',
        demo: false,
        classification: 'A', // US TV-MA (issue 25)
        descriptors: [],
      });
      const [kota] = (await service.call(SeriesRpc.list, { search: 'kota factory' })).data;
      expect(kota.classification).toBe('UA13'); // India's U/A 13+ before the US TV-14 (U/A 16+)
      const detail = await service.call(SeriesRpc.get, { id: bb.id, asAdmin: false });
      expect(detail.seasons.map((s) => [s.number, s.title, s.episodes.map((e) => e.title)])).toEqual([
        [1, 'Season 1', ['Pilot', "Cat's in the Bag...", "...And the Bag's in the River"]],
        [2, 'Season 2', ['Seven Thirty-Seven', 'Grilled']],
      ]);
      expect(detail.seasons[0].episodes[0]).toMatchObject({
        runtimeMinutes: 58,
        airDate: '2008-01-20',
        stillUrl: 'https://image.tmdb.org/t/p/w500/ydlY3iPfeOAvu8gVqrxPoMvzNCn.jpg',
        intro: null,
      });
      const [orbit] = (await service.call(SeriesRpc.list, { search: 'quiet orbit' })).data;
      expect(orbit).toMatchObject({
        genres: ['Sci-Fi', 'Action'],
        access: 'free',
        posterUrl: `/generated/${orbit.id}.svg`,
        firstAirDate: '2022-09-01',
        classification: 'UA16', // no content ratings: unrated
      });
      const events = await eventsSince(start);
      expect(events.filter((e) => e.type === 'series.published').map((e) => e.payload.title)).toEqual([
        'Breaking Bad',
        'Kota Factory',
        'Quiet Orbit',
      ]);
      expect(ofSeries(events, bb.id).slice(0, 2)).toEqual([
        ['series.published', bb.id],
        ['episode.published', detail.seasons[0].episodes[0].id],
      ]);
      expect(events.filter((e) => e.type === 'episode.published')).toHaveLength(8);

      // TMDB moves on: a new rating and one new episode. Only that episode is added and announced.
      const data = sampleTmdbData();
      const show = data.shows[0];
      show.vote_average = 9.1;
      show.seasons[2].episodes.push({
        id: 62094,
        episode_number: 3,
        name: 'Bit by a Dead Bee',
        overview: 'Walt and Jesse cover their tracks.',
        air_date: '2009-03-22',
        runtime: 47,
        still_path: null,
      });
      tmdb.data = data;
      const again = await streamLength();
      expect(await importer.run('tv')).toEqual({ seen: 3, added: 0, updated: 3, episodesAdded: 1 });
      expect(await counts()).toEqual({ series: before.series + 3, episodes: before.episodes + 9 });
      const reannounced = await eventsSince(again);
      expect(reannounced.map((e) => [e.type, e.payload.title])).toEqual([
        ['episode.published', 'Bit by a Dead Bee'],
      ]);
      expect(await service.call(SeriesRpc.get, { id: bb.id, asAdmin: false })).toMatchObject({
        rating: 9.1,
        episodeCount: 6,
      });

      expect(await importer.run('tv')).toEqual({ seen: 3, added: 0, updated: 3, episodesAdded: 0 });
      expect(await counts()).toEqual({ series: before.series + 3, episodes: before.episodes + 9 });
    });
  });

  describe('hostile RPC payloads are refused and change nothing', () => {
    let seriesId: string;
    let episodeId: string;

    beforeAll(async () => {
      const series = await ctx.newSeries();
      seriesId = series.id;
      episodeId = (await ctx.newEpisode(series, 1, 1)).id;
    });

    const cases = (): Array<[string, string, unknown]> => [
      ['an operator object as a title', SeriesPatterns.create, { ...seriesInput, title: { $gt: '' } }],
      ['a genre the form does not offer', SeriesPatterns.create, { ...seriesInput, genre: 'Western' }],
      ['a rating out of range', SeriesPatterns.create, { ...seriesInput, rating: 11 }],
      ['a script as the poster', SeriesPatterns.create, { ...seriesInput, posterUrl: 'javascript:alert(1)' }],
      ['a field the form lacks', SeriesPatterns.create, { ...seriesInput, demo: true }],
      ['a made-up status', SeriesPatterns.update, { id: seriesId, changes: { status: 'archived' } }],
      ['an operator object as the id', SeriesPatterns.update, { id: { $ne: null }, changes: { title: 'x' } }],
      ['a tmdb id in an update', SeriesPatterns.update, { id: seriesId, changes: { tmdbId: 1 } }],
      ['a malformed id', SeriesPatterns.publish, { id: 'not-an-id' }],
      ['season 0', SeriesPatterns.addSeason, { seriesId, season: { number: 0 } }],
      ['season 101', SeriesPatterns.addSeason, { seriesId, season: { number: 101 } }],
      ['a season number as text', SeriesPatterns.addSeason, { seriesId, season: { number: '3' } }],
      [
        'a season with extra fields',
        SeriesPatterns.addSeason,
        { seriesId, season: { number: 3, episodes: [] } },
      ],
      ['a fractional season', SeriesPatterns.updateSeason, { seriesId, seasonNumber: 1.5, changes: {} }],
      [
        'a renumbered season',
        SeriesPatterns.updateSeason,
        { seriesId, seasonNumber: 1, changes: { number: 4 } },
      ],
      [
        'an intro that ends before it starts',
        SeriesPatterns.addEpisode,
        {
          seriesId,
          seasonNumber: 1,
          episode: { number: 5, title: 'x', intro: { startSeconds: 20, endSeconds: 5 } },
        },
      ],
      [
        'an intro of an hour',
        SeriesPatterns.addEpisode,
        {
          seriesId,
          seasonNumber: 1,
          episode: { number: 5, title: 'x', intro: { startSeconds: 0, endSeconds: 3_600 } },
        },
      ],
      [
        'episode 0',
        SeriesPatterns.addEpisode,
        { seriesId, seasonNumber: 1, episode: { number: 0, title: 'x' } },
      ],
      [
        'an empty title',
        SeriesPatterns.addEpisode,
        { seriesId, seasonNumber: 1, episode: { number: 5, title: ' ' } },
      ],
      [
        'a script as the still',
        SeriesPatterns.addEpisode,
        { seriesId, seasonNumber: 1, episode: { number: 5, title: 'x', stillUrl: 'javascript:alert(1)' } },
      ],
      [
        'a zero runtime',
        SeriesPatterns.addEpisode,
        { seriesId, seasonNumber: 1, episode: { number: 5, title: 'x', runtimeMinutes: 0 } },
      ],
      [
        'an episode moved to another series',
        SeriesPatterns.updateEpisode,
        { id: episodeId, changes: { seriesId } },
      ],
      [
        'media state set by hand',
        SeriesPatterns.updateEpisode,
        { id: episodeId, changes: { mediaReady: true } },
      ],
      ['an operator object as the episode id', SeriesPatterns.removeEpisode, { id: { $gt: '' } }],
      ['an operator object as the series id', SeriesPatterns.remove, { id: { $gt: '' } }],
      ['asAdmin as text', SeriesPatterns.get, { id: seriesId, asAdmin: 'true' }],
      ['no asAdmin', SeriesPatterns.episode, { id: episodeId }],
      ['an operator object as a playable id', SeriesPatterns.playable, { id: { $gt: '' }, asAdmin: false }],
      ['an operator object as a search', SeriesPatterns.list, { search: { $gt: '' } }],
      ['a page size over the limit', SeriesPatterns.list, { pageSize: 1_000 }],
      ['a made-up sort', SeriesPatterns.list, { sort: 'random' }],
      ['an extra list field', SeriesPatterns.list, { status: 'draft' }],
      ['an oversized search', SeriesPatterns.adminList, { search: 'x'.repeat(1_000) }],
      ['a payload to genres', SeriesPatterns.genres, { genre: 'Drama' }],
    ];

    it.each(cases().map(([name, pattern]) => [name, pattern]))('refuses %s (%s)', async (name) => {
      const [, pattern, payload] = cases().find(([candidate]) => candidate === name) ?? [];
      const before = await counts();
      const detail = await service.call(SeriesRpc.get, { id: seriesId, asAdmin: true });
      // Sent raw: each payload breaks its contract on purpose.
      await expect(service.send(String(pattern), payload)).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
      expect(await counts()).toEqual(before);
      expect(await service.call(SeriesRpc.get, { id: seriesId, asAdmin: true })).toEqual(detail);
    });
  });
});
