import type { HealthReport } from '@app/contracts';
import { ErrorCode, EVENT_STREAM, HealthStatus, MovieRpc, MovieStatus } from '@app/contracts';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { AppError, EventBus, REDIS_CLIENT } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { findFreePort, startServiceUnderTest, suiteInfra } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { startCatalogue } from './catalogue-context';
import { MovieListCache } from '../src/movies/movie-list.cache';
import { MoviesRepository } from '../src/movies/movies.repository';
import type { DatasetRow } from '../src/seed/movie-dataset';
import { cleanDataset } from '../src/seed/movie-dataset';
import { announceInserted, seedCatalogue, seedId, toNewMovie } from '../src/seed/seed-catalogue';

const row = (title: string, rating: number, votes: number, year = 2001): DatasetRow => ({
  Title: title,
  'Major Genre': 'Drama',
  'Release Date': `Jan 05 ${year}`,
  'IMDB Rating': rating,
  'IMDB Votes': votes,
});

const rows = [
  row('Alpha', 8.4, 900),
  row('Bravo', 6.1, 500),
  row('Charlie', 7.2, 700),
  row('Delta', 5.0, 100),
  row('Echo', 9.0, 300),
];

describe('catalogue-service against real MongoDB and Redis', () => {
  let service: ServiceUnderTest;
  let repository: MoviesRepository;

  beforeAll(async () => {
    service = await startCatalogue('catalogue');
    repository = service.app.get(MoviesRepository);
    await seedCatalogue(repository, cleanDataset(rows));
    // A draft must never reach visitors.
    await repository.insertMissing([
      {
        ...toNewMovie(cleanDataset([row('Zulu Draft', 9.9, 99_999)])[0], new Date()),
        status: MovieStatus.Draft,
      },
    ]);
  });

  afterAll(() => service?.close());

  it('lists published titles only, most popular first, with pagination', async () => {
    const first = await service.call(MovieRpc.list, { page: 1, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.data.map((m) => m.title)).toEqual(['Alpha', 'Charlie']);
    const third = await service.call(MovieRpc.list, { page: 3, pageSize: 2 });
    expect(third.data.map((m) => m.title)).toEqual(['Delta']);
    const beyond = await service.call(MovieRpc.list, { page: 9, pageSize: 2 });
    expect(beyond.data).toEqual([]);
  });

  it('maps documents to the contract: access from the rating, default prices, generated poster path', async () => {
    const { data } = await service.call(MovieRpc.list, { page: 1, pageSize: 5 });
    const alpha = data.find((m) => m.title === 'Alpha');
    expect(alpha).toMatchObject({
      access: 'premium',
      purchasePriceInr: 1200,
      rentalPriceInr: 500,
      releaseDate: '2001-01-05',
      posterUrl: `/generated/${alpha?.id}.svg`,
    });
    expect(data.find((m) => m.title === 'Bravo')?.access).toBe('free');
  });

  it('seeds idempotently: a second run adds nothing and keeps admin edits', async () => {
    const added = await seedCatalogue(repository, cleanDataset(rows));
    expect(added).toBe(0);
    expect(await repository.count()).toBe(6);
  });

  it('publishes movie.published for the titles a seed run inserts, and only those', async () => {
    const redis = service.app.get<Redis>(REDIS_CLIENT);
    const before = await redis.xlen(EVENT_STREAM);
    await seedCatalogue(repository, cleanDataset([...rows, row('Foxtrot', 7.7, 50)]), {
      onInserted: announceInserted(service.app.get(EventBus)),
    });
    const entries = await redis.xrange(EVENT_STREAM, '-', '+');
    const published = entries
      .slice(before)
      .map(([, fields]) => JSON.parse(fields[1]) as { type: string; payload: { title: string } });
    expect(published.map((e) => [e.type, e.payload.title])).toEqual([['movie.published', 'Foxtrot']]);
  });

  it('serves list pages from the Redis cache until a write invalidates it', async () => {
    const listTotal = async () => (await service.call(MovieRpc.list, { page: 1, pageSize: 2 })).total;
    const cache = service.app.get(MovieListCache);
    await cache.invalidate();
    const cached = await listTotal();
    // Written past the service (as a seed run does), so nothing invalidates the cached page.
    await repository.insertMissing([toNewMovie(cleanDataset([row('Golf', 6.6, 40)])[0], new Date())]);
    expect(await listTotal()).toBe(cached);
    await cache.invalidate();
    expect(await listTotal()).toBe(cached + 1);
  });

  it('keeps a cached page as the JSON it sends, checked against the contract when stored (issue 29 §3)', async () => {
    const cache = service.app.get(MovieListCache);
    await cache.invalidate();
    const page = await service.call(MovieRpc.list, { page: 1, pageSize: 2 });
    const redis = service.app.get<Redis>(REDIS_CLIENT);
    // This suite's own pages: suites running beside it share the Redis, each under its database's name.
    const database = service.app.get<Connection>(getConnectionToken()).name;
    const [key, ...others] = await redis.keys(`catalogue:${database}:list:*published:*`);
    expect(others).toEqual([]);
    expect(await redis.get(key)).toBe(JSON.stringify(MovieRpc.list.reply.parse(page)));
    // A hit answers those bytes: the same page.
    expect(await service.call(MovieRpc.list, { page: 1, pageSize: 2 })).toEqual(page);
  });

  it("keeps a viewer's title page as the JSON it sends until a write drops it; an admin's is read each time", async () => {
    const cache = service.app.get(MovieListCache);
    await cache.invalidate();
    const id = seedId(cleanDataset(rows)[1].sourceKey).toHexString();
    const page = await service.call(MovieRpc.get, { id, asAdmin: false });
    expect(page.title).toBe('Bravo');
    // Written past the service, so nothing drops the kept page: a viewer still gets it, an admin the stored title.
    await repository.update(id, { title: 'Bravo Renamed' });
    try {
      expect(await service.call(MovieRpc.get, { id, asAdmin: false })).toEqual(page);
      expect((await service.call(MovieRpc.get, { id, asAdmin: true })).title).toBe('Bravo Renamed');
      await cache.invalidate();
      expect((await service.call(MovieRpc.get, { id, asAdmin: false })).title).toBe('Bravo Renamed');
    } finally {
      await repository.update(id, { title: 'Bravo' });
      await cache.invalidate();
    }
  });

  it('renders a poster for a stored title and 404s for an unknown one', async () => {
    const id = seedId(cleanDataset(rows)[0].sourceKey).toHexString();
    const { svg } = await service.call(MovieRpc.poster, { id });
    expect(svg).toContain('<svg');
    expect(svg).toContain('Alpha');
    await expect(service.call(MovieRpc.poster, { id: 'f'.repeat(24) })).rejects.toMatchObject({
      code: ErrorCode.NotFound,
    });
  });

  it("keeps a draft's poster from visitors, as its page is (issue 14, finding 14)", async () => {
    const id = seedId(cleanDataset(rows)[0].sourceKey).toHexString();
    await repository.update(id, { status: MovieStatus.Draft });
    try {
      await expect(service.call(MovieRpc.poster, { id })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
      });
    } finally {
      await repository.update(id, { status: MovieStatus.Published });
    }
    expect((await service.call(MovieRpc.poster, { id })).svg).toContain('Alpha');
  });

  it.each([{ page: 0 }, { pageSize: 1000 }, { page: { $gt: '' } }, { page: 1, extra: true }])(
    'rejects a hostile list query %p with a validation error',
    async (query) => {
      const error = await service.call(MovieRpc.list, query).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(ErrorCode.ValidationFailed);
    },
  );

  it('reports Redis down (503 naming it) when Redis cannot be reached', async () => {
    const infra = suiteInfra('catalogue-redis-down');
    const deadRedis = `redis://127.0.0.1:${await findFreePort()}`;
    const env = envSchema.parse({
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: deadRedis,
    });
    // Without its event consumer: the consumer creates its Redis group at boot, and a service that consumes events
    // does not start while Redis is unreachable (EventConsumer.start in server-core), as for every consuming service.
    const broken = await startServiceUnderTest(
      'catalogue-service',
      AppModule.register(env, { consumeEvents: false }),
      infra.mongoUri,
    );
    try {
      const res = await fetch(`${broken.httpUrl}/health`);
      expect(res.status).toBe(503);
      const report = (await res.json()) as HealthReport;
      expect(report.status).toBe(HealthStatus.Down);
      expect(report.components.mongo.status).toBe(HealthStatus.Up);
      expect(report.components.redis.status).toBe(HealthStatus.Down);
    } finally {
      await broken.close();
    }
  });
});
