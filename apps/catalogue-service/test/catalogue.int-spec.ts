import type { Redis } from 'ioredis';
import type { Movie, RpcRequest } from '@app/contracts';
import {
  CATALOGUE_CHANGES_CHANNEL,
  ErrorCode,
  EVENT_STREAM,
  MovieRpc,
  MovieStatus,
  ReviewRpc,
} from '@app/contracts';
import { REDIS_CLIENT } from '@app/server-core';
import type { OmdbFake, ServiceUnderTest, TmdbFake } from '@app/server-testing';
import {
  memoLookupCounts,
  sampleTmdbData,
  startOmdbFake,
  startTmdbFake,
  waitUntil,
} from '@app/server-testing';
import { TmdbImporter } from '../src/import/tmdb-importer';
import { MoviesRepository } from '../src/movies/movies.repository';
import type { DatasetRow } from '../src/seed/movie-dataset';
import { cleanDataset } from '../src/seed/movie-dataset';
import { seedCatalogue } from '../src/seed/seed-catalogue';
import { catalogueContext, startCatalogue, type CatalogueContext } from './catalogue-context';

const row = (
  title: string,
  rating: number,
  votes: number,
  year: number,
  genre = 'Drama',
  creative?: string,
): DatasetRow => ({
  Title: title,
  'Major Genre': genre,
  'Release Date': `Mar 10 ${year}`,
  'IMDB Rating': rating,
  'IMDB Votes': votes,
  ...(creative ? { 'Creative Type': creative } : {}),
});

const rows = [
  row('LÈon', 8.6, 900, 1994, 'Action'),
  row('AmÈlie', 8.4, 800, 2001, 'Comedy'),
  row('Heat', 8.2, 700, 1995, 'Action'),
  row('Alien', 8.5, 650, 1979, 'Horror', 'Science Fiction'),
  row('Quiet Comedy', 6.5, 600, 2005, 'Comedy'),
  row('Soft Drama', 7.0, 500, 2003),
  row('Borderline', 7.5, 400, 2002),
  row('Cheap Thrills', 5.1, 300, 2008, 'Thriller/Suspense'),
  row('Star (Wars)', 6.0, 200, 1999, 'Action', 'Science Fiction'),
  row('Nameless', 4.0, 100, 2009),
  row('The Matrix', 8.7, 1000, 1999, 'Action', 'Science Fiction'),
  row('Old Title', 7.2, 50, 1984),
];

const draftInput = {
  title: 'Brand New Draft',
  description: 'Made by an admin.',
  genre: 'Thriller',
  rating: 8.1,
  posterUrl: 'https://images.example.in/draft.jpg',
  classification: 'UA13' as const,
  descriptors: [],
} satisfies RpcRequest<typeof MovieRpc.create>;

const titles = (movies: Movie[]) => movies.map((movie) => movie.title);

describe('catalogue-service: browsing, admin, reviews, ratings and import (real MongoDB and Redis)', () => {
  let service: ServiceUnderTest;
  let omdb: OmdbFake;
  let tmdb: TmdbFake;
  let redis: Redis;
  let repository: MoviesRepository;
  let ctx: CatalogueContext;
  const releasedIn = (year: number) => new Date(`${year}-03-10T00:00:00Z`);
  /** What the catalogue announced since; its audit entries are admin-audit.int-spec's. */
  const eventsSince = async (before: number) =>
    (await redis.xrange(EVENT_STREAM, '-', '+'))
      .slice(before)
      .map(([, fields]) => JSON.parse(fields[1]) as { type: string; payload: Record<string, string> })
      .filter(({ type }) => type !== 'audit.recorded');

  beforeAll(async () => {
    omdb = await startOmdbFake({
      records: [
        { Title: 'The Matrix', Year: '1999', imdbID: 'tt0133093', imdbRating: '8.7', imdbVotes: '2,100,000' },
        { Title: 'Heat', Year: '1986', imdbID: 'tt0090000', imdbRating: '6.1', imdbVotes: '1,000' },
        { Title: 'Alien', Year: '1979', imdbID: 'tt0078748', imdbRating: '8.5', imdbVotes: '950,000' },
      ],
    });
    tmdb = await startTmdbFake();
    service = await startCatalogue('catalogue-features', {
      env: { OMDB_BASE_URL: omdb.url, OMDB_API_KEY: omdb.apiKey },
      tmdb,
    });
    repository = service.app.get(MoviesRepository);
    redis = service.app.get<Redis>(REDIS_CLIENT);
    ctx = catalogueContext(service);
  });

  afterAll(async () => {
    await service?.close();
    await omdb?.stop();
    await tmdb?.stop();
  });

  /** These tests assert over a whole catalogue, so they get one of their own: the seeded rows and one draft. */
  describe('lists (visitors see published titles only)', () => {
    let catalogue: ServiceUnderTest;
    let draftId: string;
    const idOf = async (title: string) => {
      const { data } = await catalogue.call(MovieRpc.list, {
        search: title,
        pageSize: 100,
      });
      const movie = data.find((m) => m.title === title);
      if (!movie) throw new Error(`${title} not found`);
      return movie.id;
    };

    beforeAll(async () => {
      catalogue = await startCatalogue('catalogue-lists');
      await seedCatalogue(catalogue.app.get(MoviesRepository), cleanDataset(rows));
      draftId = (await catalogue.call(MovieRpc.create, draftInput)).id;
    });

    afterAll(async () => {
      await catalogue?.close();
    });

    it('paginates in a stable order', async () => {
      const pages = await Promise.all(
        [1, 2, 3].map((page) => catalogue.call(MovieRpc.list, { page, pageSize: 5 })),
      );
      expect(pages.map((p) => p.total)).toEqual([12, 12, 12]);
      expect(pages.map((p) => p.data.length)).toEqual([5, 5, 2]);
      expect(titles(pages[0].data)).toEqual(['The Matrix', 'Léon', 'Amélie', 'Heat', 'Alien']);
      expect(new Set(pages.flatMap((p) => titles(p.data))).size).toBe(12);
    });

    it.each([
      ['amelie', ['Amélie']],
      ['AMÉLIE', ['Amélie']],
      ['  leon ', ['Léon']],
      ['atri', ['The Matrix']],
      ['star (wars)', ['Star (Wars)']],
      ['.*', []],
      ['(', []],
      ['a+b[', []],
      ['brand new', []],
    ])('search %p matches the normalised title as a substring: %p', async (search, expected) => {
      const { data } = await catalogue.call(MovieRpc.list, { search, pageSize: 100 });
      expect(titles(data).sort()).toEqual([...expected].sort());
    });

    it('holds a search in this process, never in Redis, and drops it at a catalogue write (issue 29 §3)', async () => {
      const searches = () => memoLookupCounts(catalogue.app, 'catalogue_search_lookups_total');
      const listKeys = async () => (await redis.keys('catalogue:*:list:*')).length;
      const search = { search: 'HEAT', pageSize: 100 };
      const [before, keys] = [await searches(), await listKeys()];

      expect(titles((await catalogue.call(MovieRpc.list, search)).data)).toEqual(['Heat']);
      expect(titles((await catalogue.call(MovieRpc.list, { ...search, search: ' heat ' })).data)).toEqual([
        'Heat',
      ]);
      const after = await searches();
      expect({ misses: after.miss - before.miss, hits: after.hit - before.hit }).toEqual({
        misses: 1,
        hits: 1,
      });
      expect(await listKeys()).toBe(keys);

      // Renamed: the write drops every held search, and the next one reads the catalogue again. The gateways hear
      // of it too, to drop what they hold for visitors.
      const id = await idOf('Heat');
      const gateway = redis.duplicate();
      const heard: string[] = [];
      gateway.on('message', (channel: string) => heard.push(channel));
      await gateway.subscribe(CATALOGUE_CHANGES_CHANNEL);
      await catalogue.call(MovieRpc.update, { id, changes: { title: 'Heat Wave' } });
      try {
        expect(titles((await catalogue.call(MovieRpc.list, search)).data)).toEqual(['Heat Wave']);
        await waitUntil(async () => heard.length > 0, 'the gateways to hear of the change', 2_000);
        expect(heard[0]).toBe(CATALOGUE_CHANGES_CHANNEL);
      } finally {
        gateway.disconnect();
        await catalogue.call(MovieRpc.update, { id, changes: { title: 'Heat' } });
      }
      expect(titles((await catalogue.call(MovieRpc.list, search)).data)).toEqual(['Heat']);
    });

    it('filters by genre, category and access, and sorts', async () => {
      const scifi = await catalogue.call(MovieRpc.list, {
        category: 'scifi',
        pageSize: 100,
      });
      expect(titles(scifi.data).sort()).toEqual(['Alien', 'Star (Wars)', 'The Matrix']);
      expect(scifi.data[0].category).toContain('scifi');
      const actionScifi = await catalogue.call(MovieRpc.list, {
        genre: 'Action',
        category: 'scifi',
        pageSize: 100,
      });
      expect(titles(actionScifi.data).sort()).toEqual(['Star (Wars)', 'The Matrix']);
      const premium = await catalogue.call(MovieRpc.list, {
        access: 'premium',
        sort: 'top-rated',
        pageSize: 3,
      });
      expect(titles(premium.data)).toEqual(['The Matrix', 'Léon', 'Alien']);
      const byTitle = await catalogue.call(MovieRpc.list, { sort: 'title', pageSize: 2 });
      expect(titles(byTitle.data)).toEqual(['Alien', 'Amélie']);
    });

    it('computes every section from the catalogue', async () => {
      const sections = await catalogue.call(MovieRpc.sections, {});
      expect(sections.hero?.title).toBe('The Matrix');
      expect(titles(sections.popular).slice(0, 3)).toEqual(['The Matrix', 'Léon', 'Amélie']);
      expect(titles(sections.topRated)).toHaveLength(10);
      expect(titles(sections.topRated).slice(0, 3)).toEqual(['The Matrix', 'Léon', 'Alien']);
      expect(sections.free.every((m) => m.access === 'free' && (m.rating ?? 99) <= 7)).toBe(true);
      expect(titles(sections.free).sort()).toEqual([
        'Cheap Thrills',
        'Nameless',
        'Quiet Comedy',
        'Soft Drama',
        'Star (Wars)',
      ]);
      expect(sections.premium.every((m) => m.access === 'premium')).toBe(true);
      expect(titles(sections.premium)).toHaveLength(5);
      expect(titles(sections.newlyLaunched).slice(0, 2)).toEqual(['Nameless', 'Cheap Thrills']); // same publish date: newest release first
      expect(titles(sections.trending)).toEqual(titles(sections.popular));
      const comedy = await catalogue.call(MovieRpc.sections, { genre: 'Comedy' });
      expect(titles(comedy.trending)).toEqual(['Amélie', 'Quiet Comedy']);
      expect(comedy.popular).toEqual(sections.popular);
    });

    it('public query strings cannot mint cache entries without bound (issue 14, finding 8)', async () => {
      const listKeys = async () => (await redis.keys('catalogue:*:list:*')).length;
      await catalogue.call(MovieRpc.sections, {});
      await catalogue.call(MovieRpc.list, { page: 1, pageSize: 24 });
      const before = await listKeys();
      for (let i = 0; i < 25; i++) {
        const genre = `Genre-${i}-${Math.random()}`;
        const sections = await catalogue.call(MovieRpc.sections, { genre });
        expect(sections.trending).toEqual([]);
        const page = await catalogue.call(MovieRpc.list, { page: 1, pageSize: 24, genre });
        expect(page).toMatchObject({ data: [], total: 0 });
        await catalogue.call(MovieRpc.list, { page: 50 + i, pageSize: 24 });
      }
      // 'genres' is the one entry the checks themselves may add.
      expect(await listKeys()).toBeLessThanOrEqual(before + 1);
      const comedy = await catalogue.call(MovieRpc.sections, { genre: 'Comedy' });
      expect(titles(comedy.trending)).toEqual(['Amélie', 'Quiet Comedy']);
    });

    it('lists the genres of published titles', async () => {
      expect(await catalogue.call(MovieRpc.genres, {})).toEqual([
        'Action',
        'Comedy',
        'Drama',
        'Horror',
        'Sci-Fi',
        'Thriller',
      ]);
    });

    it('hides drafts from visitors everywhere but shows them to admins', async () => {
      await expect(catalogue.call(MovieRpc.get, { id: draftId, asAdmin: false })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Movie not found',
      });
      expect((await catalogue.call(MovieRpc.get, { id: draftId, asAdmin: true })).status).toBe('draft');
      expect(await catalogue.call(MovieRpc.details, { movieIds: [draftId] })).toEqual([]);
      const sections = await catalogue.call(MovieRpc.sections, {});
      expect(
        Object.values(sections)
          .flat()
          .some((m) => m && m.id === draftId),
      ).toBe(false);
      const drafts = await catalogue.call(MovieRpc.adminList, {
        status: 'draft',
        page: 1,
        pageSize: 10,
      });
      expect(drafts.data.map((m) => m.id)).toEqual([draftId]);
      expect(drafts.data[0].reviews).toEqual([]);
    });

    it('answers movie details in the order asked, skipping unknown ids', async () => {
      const [heat, alien] = await Promise.all([idOf('Heat'), idOf('Alien')]);
      const movies = await catalogue.call(MovieRpc.details, {
        movieIds: [alien, 'f'.repeat(24), heat],
      });
      expect(titles(movies)).toEqual(['Alien', 'Heat']);
    });
  });

  describe('admin writes', () => {
    it('creates a draft with defaults, publishes it once (events), and it leads Newly Launched', async () => {
      const before = await redis.xlen(EVENT_STREAM);
      await service.call(MovieRpc.sections, {}); // warm the cache
      const created = await service.call(MovieRpc.create, {
        ...draftInput,
        title: 'Publish Me',
        rating: 6.5,
      });
      expect(created).toMatchObject({
        status: 'draft',
        access: 'free',
        purchasePriceInr: 1200,
        rentalPriceInr: 500,
        publishDate: null,
      });
      const published = await service.call(MovieRpc.publish, { id: created.id });
      expect(published.status).toBe('published');
      expect(published.publishDate).not.toBeNull();
      await expect(service.call(MovieRpc.publish, { id: created.id })).rejects.toMatchObject({
        code: ErrorCode.Conflict,
        message: 'Only drafts can be published',
      });
      const sections = await service.call(MovieRpc.sections, {});
      expect(sections.newlyLaunched[0].title).toBe('Publish Me');
      const events = await eventsSince(before);
      expect(events.map((e) => [e.type, e.payload.movieId])).toEqual([
        ['movie.updated', created.id],
        ['movie.published', created.id],
      ]);
    });

    it('lists the most recently added titles first to admins, drafts included', async () => {
      const first = await service.call(MovieRpc.create, {
        ...draftInput,
        title: 'Added Earlier',
      });
      const second = await service.call(MovieRpc.create, {
        ...draftInput,
        title: 'Added Later',
        status: 'published',
      });
      const { data } = await service.call(MovieRpc.adminList, {
        page: 1,
        pageSize: 2,
      });
      expect(data.map((movie) => movie.id)).toEqual([second.id, first.id]);
    });

    it('updates partially, invalidating cached lists, and emits movie.updated', async () => {
      const { id, title } = await ctx.newMovie({ rating: 7.2 });
      expect(titles((await service.call(MovieRpc.list, { sort: 'title', pageSize: 100 })).data)).toContain(
        title,
      );
      const before = await redis.xlen(EVENT_STREAM);
      const updated = await service.call(MovieRpc.update, {
        id,
        changes: { title: 'Renamed Title', genre: 'Horror' },
      });
      expect(updated).toMatchObject({ title: 'Renamed Title', genre: 'Horror', rating: 7.2 });
      const listed = titles((await service.call(MovieRpc.list, { sort: 'title', pageSize: 100 })).data);
      expect(listed).toContain('Renamed Title');
      expect(listed).not.toContain(title);
      expect(await service.call(MovieRpc.genres, {})).toContain('Horror');
      expect((await eventsSince(before)).map((e) => e.type)).toEqual(['movie.updated']);
    });

    it('deletes a title with its reviews and emits movie.deleted', async () => {
      const data = await service.call(MovieRpc.create, {
        ...draftInput,
        title: 'Doomed',
        status: 'published',
      });
      await service.call(ReviewRpc.create, {
        movieId: data.id,
        userId: 'u9',
        username: 'neha',
        rating: 5,
        content: 'Fine.',
      });
      expect((await service.call(MovieRpc.sections, {})).newlyLaunched[0].title).toBe('Doomed');
      const before = await redis.xlen(EVENT_STREAM);
      await service.call(MovieRpc.remove, { id: data.id });
      expect((await eventsSince(before)).map((e) => [e.type, e.payload.movieId])).toEqual([
        ['movie.deleted', data.id],
      ]);
      expect((await service.call(MovieRpc.sections, {})).newlyLaunched.map((m) => m.id)).not.toContain(
        data.id,
      );
      await expect(service.call(ReviewRpc.list, { movieId: data.id })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
      });
      await expect(service.call(MovieRpc.remove, { id: data.id })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Movie not found',
      });
    });

    it.each([
      [{ ...draftInput, genre: 'Western' }],
      [{ ...draftInput, rating: 7.25 }],
      [{ ...draftInput, rating: 11 }],
      [{ ...draftInput, posterUrl: 'not a url' }],
      [{ ...draftInput, posterUrl: 'javascript:alert(1)' }],
      [{ ...draftInput, title: '   ' }],
      [{ ...draftInput, title: { $gt: '' } }],
      [{ ...draftInput, reviews: [] }],
      [{ title: 'Only a title' }],
    ])('refuses a movie form breaking SPEC 5: %p', async (input) => {
      const count = await repository.count();
      // Sent raw: the form breaks the contract on purpose.
      await expect(service.send(MovieRpc.create.pattern, input)).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
      expect(await repository.count()).toBe(count);
    });
  });

  describe('reviews', () => {
    it('lets a user review a title once, newest first, and an admin remove it', async () => {
      const { id } = await ctx.newMovie();
      const first = await service.call(ReviewRpc.create, {
        movieId: id,
        userId: 'u1',
        username: 'asha',
        rating: 8.5,
        content: 'Tense.',
      });
      expect(first).toMatchObject({
        movieId: id,
        userId: 'u1',
        username: 'asha',
        rating: 8.5,
        content: 'Tense.',
      });
      await expect(
        service.call(ReviewRpc.create, {
          movieId: id,
          userId: 'u1',
          username: 'asha',
          rating: 3,
          content: 'Again',
        }),
      ).rejects.toMatchObject({ code: ErrorCode.Conflict, message: 'You have already reviewed this title' });
      // The title's page is kept (issue 29 §3): a review posted or removed drops it.
      const page = async () =>
        (await service.call(MovieRpc.get, { id, asAdmin: false })).topReviews.map((r) => r.username);
      expect(await page()).toEqual(['asha']);
      const second = await service.call(ReviewRpc.create, {
        movieId: id,
        userId: 'u2',
        username: 'ravi',
        rating: 7,
        content: 'Long.',
      });
      expect((await service.call(ReviewRpc.list, { movieId: id })).map((r) => r.id)).toEqual([
        second.id,
        first.id,
      ]);
      expect(await page()).toEqual(['ravi', 'asha']);
      await service.call(ReviewRpc.remove, { movieId: id, reviewId: first.id });
      expect((await service.call(ReviewRpc.list, { movieId: id })).map((r) => r.id)).toEqual([second.id]);
      expect(await page()).toEqual(['ravi']);
      await expect(service.call(ReviewRpc.remove, { movieId: id, reviewId: first.id })).rejects.toMatchObject(
        { code: ErrorCode.NotFound },
      );
    });

    it('shows the 5 newest reviews on the movie page', async () => {
      const { id } = await ctx.newMovie();
      for (let i = 1; i <= 7; i += 1) {
        await service.call(ReviewRpc.create, {
          movieId: id,
          userId: `r${i}`,
          username: `user${i}`,
          rating: i,
          content: `Review ${i}`,
        });
      }
      const detail = await service.call(MovieRpc.get, { id, asAdmin: false });
      expect(detail.topReviews.map((r) => r.username)).toEqual(['user7', 'user6', 'user5', 'user4', 'user3']);
    });

    it('refuses reviews of drafts and hostile review payloads', async () => {
      const draft = await ctx.newMovie({ status: MovieStatus.Draft });
      await expect(
        service.call(ReviewRpc.create, {
          movieId: draft.id,
          userId: 'u1',
          username: 'asha',
          rating: 5,
          content: 'x',
        }),
      ).rejects.toMatchObject({ code: ErrorCode.NotFound });
      const { id } = await ctx.newMovie();
      for (const bad of [
        { rating: 5.55 },
        { rating: -1 },
        { content: '' },
        { content: { $gt: '' } },
        { content: 'x'.repeat(2001) },
      ]) {
        await expect(
          // Sent raw: the review breaks the contract on purpose.
          service.send(ReviewRpc.create.pattern, {
            movieId: id,
            userId: 'u7',
            username: 'z',
            rating: 5,
            content: 'ok',
            ...bad,
          }),
        ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
      }
    });
  });

  describe('rating look-up (SPEC 5 match rule) against the OMDb fake', () => {
    it('title and year hit: returns the rating and fills the imdb id, then looks up by imdb id', async () => {
      const { id } = await ctx.newMovie({ title: 'The Matrix', releaseDate: releasedIn(1999) });
      expect(await service.call(MovieRpc.rating, { id })).toEqual({
        rating: '8.7',
        votes: '2,100,000',
        imdbId: 'tt0133093',
      });
      expect((await service.call(MovieRpc.get, { id, asAdmin: false })).imdbId).toBe('tt0133093');
      const asked = omdb.requests.length;
      expect((await service.call(MovieRpc.rating, { id })).rating).toBe('8.7');
      expect(omdb.requests.length).toBe(asked); // cached in Redis
    });

    it('imdb id hit: a title with an imdb id is looked up by it', async () => {
      const { id } = await ctx.newMovie();
      await repository.fillImdbId(id, 'tt0078748');
      expect(await service.call(MovieRpc.rating, { id })).toEqual({
        rating: '8.5',
        votes: '950,000',
        imdbId: 'tt0078748',
      });
      expect(omdb.requests.at(-1)?.get('i')).toBe('tt0078748');
    });

    it('title hit with the wrong year is N/A and fills nothing', async () => {
      omdb.options.strictYear = false; // the service answers the title regardless of the year we ask for
      try {
        const { id } = await ctx.newMovie({ title: 'Heat', releaseDate: releasedIn(1995) });
        expect(await service.call(MovieRpc.rating, { id })).toEqual({
          rating: 'N/A',
          votes: null,
          imdbId: null,
        });
        expect(omdb.requests.at(-1)?.get('y')).toBe('1995');
        expect((await service.call(MovieRpc.get, { id, asAdmin: false })).imdbId).toBeNull();
      } finally {
        omdb.options.strictYear = true;
      }
    });

    it('no match is N/A', async () => {
      const { id } = await ctx.newMovie();
      expect(await service.call(MovieRpc.rating, { id })).toEqual({
        rating: 'N/A',
        votes: null,
        imdbId: null,
      });
    });

    it('service down is N/A (logged, not an error)', async () => {
      omdb.options.failing = true;
      try {
        const { id } = await ctx.newMovie({ title: 'Alien', releaseDate: releasedIn(1979) });
        expect(await service.call(MovieRpc.rating, { id })).toEqual({
          rating: 'N/A',
          votes: null,
          imdbId: null,
        });
      } finally {
        omdb.options.failing = false;
      }
    });

    it('404s for unknown titles and refuses bad ids', async () => {
      await expect(service.call(MovieRpc.rating, { id: 'f'.repeat(24) })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
      });
      // Sent raw: an operator object where the contract wants an id.
      await expect(service.send(MovieRpc.rating.pattern, { id: { $gt: '' } })).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
    });
  });

  describe('import from the TMDB fake', () => {
    it('imports popular, top rated and trending titles with reviews; a second run adds no duplicates', async () => {
      const importer = service.app.get(TmdbImporter);
      const before = await redis.xlen(EVENT_STREAM);
      const count = await repository.count();
      const first = await importer.run('movie');
      expect(first).toEqual({ seen: 3, added: 3, updated: 0, reviews: 1 });
      expect(await repository.count()).toBe(count + 3);
      const published = (await eventsSince(before))
        .filter((e) => e.type === 'movie.published')
        .map((e) => e.payload.title);
      expect(published.sort()).toEqual(['Dilwale Dulhania Le Jayenge', 'Inception', 'Quiet Days']);

      const { data } = await service.call(MovieRpc.list, { search: 'inception' });
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({
        posterUrl: 'https://image.tmdb.org/t/p/w500/oYuLEt3zVCKq57qu2F8dT7NIa6f.jpg',
        genres: ['Action', 'Sci-Fi'],
        category: ['action', 'scifi'],
        tmdbId: 27205,
        imdbId: 'tt1375666',
        access: 'premium',
        rating: 8.4,
        runtimeMinutes: 148,
        // India's release has no certificate, so the US PG-13 decides (issue 25).
        classification: 'UA13',
        descriptors: [],
      });
      const ddlj = (await service.call(MovieRpc.list, { search: 'dilwale' })).data[0];
      expect(ddlj.classification).toBe('U'); // India's U before the US PG
      const quiet = (await service.call(MovieRpc.list, { search: 'quiet days' })).data[0];
      expect(quiet.classification).toBe('UA16'); // no certification: unrated
      expect(quiet.posterUrl).toBe(`/generated/${quiet.id}.svg`);
      expect((await service.call(ReviewRpc.list, { movieId: data[0].id })).map((r) => r.username)).toEqual([
        'cinephile',
      ]);

      tmdb.data = {
        ...sampleTmdbData(),
        movies: sampleTmdbData().movies.map((m) => (m.id === 27205 ? { ...m, vote_average: 8.8 } : m)),
      };
      const second = await importer.run('movie');
      expect(second).toEqual({ seen: 3, added: 0, updated: 3, reviews: 1 });
      expect(await repository.count()).toBe(count + 3);
      const again = await service.call(MovieRpc.list, { search: 'inception' });
      expect(again.data.map((m) => [m.id, m.rating])).toEqual([[data[0].id, 8.8]]);
      expect(await service.call(ReviewRpc.list, { movieId: data[0].id })).toHaveLength(1);
    });
  });
});
