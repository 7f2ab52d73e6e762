import type { Redis } from 'ioredis';
import type { EventEnvelope, EventPayload, MovieDetail } from '@app/contracts';
import { accessForRating, EVENT_STREAM, MovieRpc } from '@app/contracts';
import { EventBus, REDIS_CLIENT } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { waitUntil } from '@app/server-testing';
import { CONSUMER_GROUP } from '../src/media/media-events.consumer';
import { MoviesRepository } from '../src/movies/movies.repository';
import { cleanDataset } from '../src/seed/movie-dataset';
import { announceInserted, seedCatalogue } from '../src/seed/seed-catalogue';
import type { CatalogueContext } from './catalogue-context';
import { catalogueContext, startCatalogue } from './catalogue-context';

describe('media.ready and demo titles in catalogue-service', () => {
  let service: ServiceUnderTest;
  let ctx: CatalogueContext;
  let redis: Redis;
  let bus: EventBus;

  beforeAll(async () => {
    service = await startCatalogue('catalogue-media');
    ctx = catalogueContext(service);
    redis = service.app.get<Redis>(REDIS_CLIENT);
    bus = service.app.get(EventBus);
  });

  afterAll(() => service?.close());

  /** A handler that failed leaves its event pending (for a retry much later), so none pending means none failed. */
  const pendingOfGroup = async () =>
    ((await redis.xpending(EVENT_STREAM, CONSUMER_GROUP)) as [number, ...unknown[]])[0];
  const detail = (id: string) => service.call(MovieRpc.get, { id, asAdmin: false });
  const stored = async (id: string) => service.app.get(MoviesRepository).findById(id);
  /** Events of one type published after `from` entries of the stream (the stream is shared with other suites). */
  const publishedSince = async <T extends 'movie.published' | 'movie.updated'>(type: T, from: number) =>
    (await redis.xrange(EVENT_STREAM, '-', '+'))
      .slice(from)
      .map(([, fields]) => JSON.parse(fields[1]) as EventEnvelope<EventPayload<T>>)
      .filter((envelope) => envelope.type === type)
      .map((envelope) => envelope.payload);

  it('shows a title without media as not ready, then ready once media.ready arrives, in detail and lists', async () => {
    const movie = await ctx.newMovie({ popularity: 1_000_000 });
    expect((await detail(movie.id)).mediaReady).toBe(false);
    const firstPage = () => service.call(MovieRpc.list, { page: 1, pageSize: 5 });
    // Cached now: the event must drop the cached page.
    expect((await firstPage()).data.find((m) => m.id === movie.id)?.mediaReady).toBe(false);

    await bus.publish('media.ready', { movieId: movie.id, durationSeconds: 92.4 });
    await waitUntil(async () => (await detail(movie.id)).mediaReady === true, 'the title to be playable');
    expect((await stored(movie.id))?.mediaDurationSeconds).toBe(92.4);
    await waitUntil(
      async () => (await firstPage()).data.find((m) => m.id === movie.id)?.mediaReady === true,
      'the cached list to show it',
    );
  });

  it('lists the languages media.ready names and finds the title under "Available in Hindi" (issue 26)', async () => {
    const hindi = await ctx.newMovie({ popularity: 2_000_000 });
    const subtitled = await ctx.newMovie({ popularity: 1_900_000 });
    const english = await ctx.newMovie({ popularity: 1_800_000 });
    const inHindi = () => service.call(MovieRpc.list, { page: 1, pageSize: 50, language: 'hi' });
    // Cached before the events: they must drop the cached page.
    expect((await inHindi()).data.map((m) => m.id)).not.toContain(hindi.id);
    await bus.publish('media.ready', {
      movieId: hindi.id,
      durationSeconds: 100,
      audioLanguages: ['hi', 'en'],
      subtitleLanguages: ['hi', 'en'],
    });
    await bus.publish('media.ready', {
      movieId: subtitled.id,
      durationSeconds: 100,
      audioLanguages: ['en'],
      subtitleLanguages: ['hi'],
    });
    await bus.publish('media.ready', {
      movieId: english.id,
      durationSeconds: 100,
      audioLanguages: ['en'],
      subtitleLanguages: [],
    });
    await waitUntil(async () => (await detail(english.id)).mediaReady === true, 'the titles to be playable');
    expect(await detail(hindi.id)).toMatchObject({
      audioLanguages: ['hi', 'en'],
      subtitleLanguages: ['hi', 'en'],
    });
    await waitUntil(
      async () => (await inHindi()).data.some((m) => m.id === hindi.id),
      'the filter to list it',
    );
    const listed = (await inHindi()).data.map((m) => m.id);
    expect(listed).toEqual(expect.arrayContaining([hindi.id, subtitled.id]));
    expect(listed).not.toContain(english.id);
    // An event from before issue 26 (no languages) leaves them as they are.
    await bus.publish('media.ready', { movieId: hindi.id, durationSeconds: 101 });
    await waitUntil(async () => (await stored(hindi.id))?.mediaDurationSeconds === 101, 'the later event');
    expect((await detail(hindi.id)).audioLanguages).toEqual(['hi', 'en']);
  });

  it('refuses a language filter that is not a language code', async () => {
    await expect(
      service.call(MovieRpc.list, { page: 1, pageSize: 5, language: { $ne: null } as unknown as string }),
    ).rejects.toBeDefined();
    await expect(
      service.call(MovieRpc.list, { page: 1, pageSize: 5, language: 'Hindi' }),
    ).rejects.toBeDefined();
  });

  it('applies a redelivered or older media.ready as nothing, and acknowledges it', async () => {
    const movie = await ctx.newMovie();
    await bus.publish('media.ready', { movieId: movie.id, durationSeconds: 90 });
    await waitUntil(async () => (await stored(movie.id))?.mediaDurationSeconds === 90, 'the first event');
    const readyAt = (await stored(movie.id))?.mediaReadyAt;

    // The same envelope again (a redelivery), and one that occurred before it (a late one).
    const [[, fields]] = (await redis.xrange(EVENT_STREAM, '-', '+'))
      .reverse()
      .filter(([, entry]) => entry[1].includes(movie.id));
    await redis.xadd(EVENT_STREAM, '*', ...fields);
    const late: EventEnvelope<EventPayload<'media.ready'>> & { type: 'media.ready' } = {
      id: `late-${movie.id}`,
      type: 'media.ready',
      occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
      payload: { movieId: movie.id, durationSeconds: 10 },
    };
    await redis.xadd(EVENT_STREAM, '*', 'envelope', JSON.stringify(late));
    // The consumer handles the stream in order: once a later event is applied, these two have been handled.
    const marker = await ctx.newMovie();
    await bus.publish('media.ready', { movieId: marker.id, durationSeconds: 1 });
    await waitUntil(async () => (await stored(marker.id))?.mediaReady === true, 'the marker event');

    expect(await stored(movie.id)).toMatchObject({
      mediaReady: true,
      mediaDurationSeconds: 90,
      mediaReadyAt: readyAt,
    });
    await waitUntil(async () => (await pendingOfGroup()) === 0, 'every event acknowledged');
  });

  it('acknowledges media.ready for an unknown or malformed id without failing', async () => {
    await bus.publish('media.ready', { movieId: 'f'.repeat(24), durationSeconds: 5 });
    await bus.publish('media.ready', { movieId: 'not-an-id', durationSeconds: 5 });
    const marker = await ctx.newMovie();
    await bus.publish('media.ready', { movieId: marker.id, durationSeconds: 1 });
    await waitUntil(async () => (await stored(marker.id))?.mediaReady === true, 'the marker event');
    await waitUntil(async () => (await pendingOfGroup()) === 0, 'every event acknowledged');
  });

  it('makes 200 titles playable from a burst of media.ready (with redeliveries) within 20 s, acknowledging them all', async () => {
    const movies = await Promise.all(Array.from({ length: 200 }, () => ctx.newMovie()));
    const started = Date.now();
    await bus.publishMany(
      movies.map(({ id }) => ({ type: 'media.ready', payload: { movieId: id, durationSeconds: 30 } })),
    );
    // Every tenth again, as a redelivery would bring it: the same news, applied once.
    await bus.publishMany(
      movies
        .filter((_, i) => i % 10 === 0)
        .map(({ id }) => ({ type: 'media.ready', payload: { movieId: id, durationSeconds: 30 } })),
    );
    const repository = service.app.get(MoviesRepository);
    const ids = movies.map(({ _id }) => _id);
    await waitUntil(
      async () => (await repository.mediaProgress(ids)).waiting.length === 0,
      'all 200 titles to be playable',
      50_000,
    );
    // Bounded by the name, printed rather than asserted: a shared machine's timing is noise.
    console.log(`200 titles made playable from media.ready in ${Date.now() - started} ms`);
    expect(await repository.mediaProgress(ids)).toEqual({ titles: 200, waiting: [] });
    await waitUntil(async () => (await pendingOfGroup()) === 0, 'every event acknowledged');
  });

  it('announces the seed’s titles as demo content, with their card', async () => {
    const before = await redis.xlen(EVENT_STREAM);
    await seedCatalogue(
      service.app.get(MoviesRepository),
      cleanDataset([
        {
          Title: 'Demo Kilo',
          'Major Genre': 'Comedy',
          'Release Date': 'Jan 05 2001',
          'IMDB Rating': 7.1,
          'IMDB Votes': 10,
        },
      ]),
      { onInserted: announceInserted(bus) },
    );
    const [event] = await publishedSince('movie.published', before);
    expect(event).toEqual({
      movieId: expect.stringMatching(/^[0-9a-f]{24}$/),
      title: 'Demo Kilo',
      genre: 'Comedy',
      publishDate: expect.any(String),
      posterUrl: `/generated/${event.movieId}.svg`,
      rating: 7.1,
      access: accessForRating(7.1),
      // The seed's class from the data set's MPAA rating; none given: unrated (U/A 16+).
      classification: 'UA16',
      director: null,
      cast: [],
      releaseYear: 2001,
      availableUntil: null,
      demo: true,
    });
    // The card is the title as stored and shown.
    expect((await detail(event.movieId)).posterUrl).toBe(event.posterUrl);
  });

  it('announces again, on a later seed run, the seeded titles that still have no media, and only those', async () => {
    const rows = ['Demo Mike', 'Demo November'].map((Title) => ({
      Title,
      'Major Genre': 'Drama',
      'Release Date': 'Jan 05 2002',
      'IMDB Rating': 6.5,
      'IMDB Votes': 10,
    }));
    const hooks = { onInserted: announceInserted(bus), onWithoutMedia: announceInserted(bus) };
    await seedCatalogue(service.app.get(MoviesRepository), cleanDataset(rows), hooks);
    const firstRun = await publishedSince('movie.published', 0);
    const mike = firstRun.find((event) => event.title === 'Demo Mike');
    if (!mike) throw new Error('Demo Mike was not announced');
    await bus.publish('media.ready', { movieId: mike.movieId, durationSeconds: 30 });
    await waitUntil(async () => (await stored(mike.movieId))?.mediaReady === true, 'Mike playable');

    // A later start (a new media library, say): November has no media yet and is announced again; Mike is not.
    const before = await redis.xlen(EVENT_STREAM);
    await seedCatalogue(service.app.get(MoviesRepository), cleanDataset(rows), hooks);
    const again = await publishedSince('movie.published', before);
    expect(again.map((event) => event.title)).toEqual(['Demo November']);
    expect(again[0]).toMatchObject({ demo: true });
  });

  it('announces an admin-created title with its card and without the demo flag', async () => {
    const before = await redis.xlen(EVENT_STREAM);
    const created = await service.call(MovieRpc.create, {
      title: 'Admin Lima',
      description: 'Made by an admin.',
      genre: 'Drama',
      rating: 7,
      posterUrl: 'https://images.example.in/lima.jpg',
      classification: 'UA13',
      descriptors: [],
      status: 'published',
      access: 'premium',
      releaseDate: '1999-12-31',
      director: 'Mira Nair',
      cast: ['Naseeruddin Shah', 'Shefali Shah'],
    });
    const events = await publishedSince('movie.published', before);
    expect(events).toEqual([
      {
        movieId: created.id,
        title: 'Admin Lima',
        genre: 'Drama',
        publishDate: created.publishDate,
        posterUrl: 'https://images.example.in/lima.jpg',
        rating: 7,
        access: 'premium',
        classification: 'UA13',
        director: 'Mira Nair',
        cast: ['Naseeruddin Shah', 'Shefali Shah'],
        releaseYear: 1999,
        availableUntil: null,
      },
    ]);
    expect(created.mediaReady).toBe(false);
    const shown: MovieDetail = await detail(created.id);
    expect(shown.mediaReady).toBe(false);
  });

  it('announces an edit as movie.updated with the card as it now is', async () => {
    const movie = await ctx.newMovie({ director: null });
    const before = await redis.xlen(EVENT_STREAM);
    await service.call(MovieRpc.update, {
      id: movie.id,
      changes: { posterUrl: 'https://images.example.in/new.jpg', rating: 8.4, director: 'Zoya Akhtar' },
    });
    expect(await publishedSince('movie.updated', before)).toEqual([
      {
        movieId: movie.id,
        title: movie.title,
        genre: 'Drama',
        status: 'published',
        posterUrl: 'https://images.example.in/new.jpg',
        rating: 8.4,
        access: movie.access,
        classification: movie.classification,
        director: 'Zoya Akhtar',
        cast: [],
        releaseYear: 2001,
        availableUntil: null,
      },
    ]);
  });
});
