import type { Redis } from 'ioredis';
import type { EventEnvelope } from '@app/contracts';
import { EVENT_STREAM, MovieRpc, MovieStatus, SeriesRpc } from '@app/contracts';
import { REDIS_CLIENT } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { uniqueSuffix } from '@app/server-testing';
import { normalizeTitle } from '../src/titles/title-search';
import { catalogueContext, startCatalogue, type CatalogueContext } from './catalogue-context';

/**
 * Issue 22, finding 8: an admin's Add or Edit sent twice (a double click, a retry) makes one title and announces
 * it once. The Add form sends one idempotency key per press; an edit publishes conditionally.
 */
describe('admin Add and Edit sent twice (real MongoDB and Redis)', () => {
  let service: ServiceUnderTest;
  let redis: Redis;
  let ctx: CatalogueContext;

  beforeAll(async () => {
    service = await startCatalogue('catalogue-admin-idempotency');
    redis = service.app.get<Redis>(REDIS_CLIENT);
    ctx = catalogueContext(service);
  });

  afterAll(() => service?.close());

  /** The types of the events about `id` (a movie or series id) published since the stream had `before` entries. */
  const eventsAbout = async (before: number, id: string) =>
    (await redis.xrange(EVENT_STREAM, '-', '+'))
      .slice(before)
      .map(([, fields]) => JSON.parse(fields[1]) as EventEnvelope<Record<string, unknown>>)
      .filter(({ payload }) => payload.movieId === id || payload.seriesId === id)
      .map(({ type }) => type);

  const form = (title: string) => ({
    title,
    description: 'Added twice by a double click.',
    genre: 'Drama' as const,
    rating: 7.4,
    posterUrl: 'https://images.example.in/twice.jpg',
    classification: 'UA13' as const,
    descriptors: [],
  });

  /** How many stored titles of a kind carry this (unique) title. */
  const stored = async (kind: 'movies' | 'series', title: string) =>
    (await ctx[kind].list({ search: normalizeTitle(title) }, 'added', 1, 10)).total;

  it('makes one movie of two parallel Adds with the same key, and announces it once', async () => {
    const title = `Twice ${uniqueSuffix()}`;
    const before = await redis.xlen(EVENT_STREAM);
    const add = { ...form(title), status: MovieStatus.Published, idempotencyKey: `add-${uniqueSuffix()}` };
    const [first, second] = await Promise.all([
      service.call(MovieRpc.create, add),
      service.call(MovieRpc.create, add),
    ]);
    expect(second).toEqual(first);
    expect(await stored('movies', title)).toBe(1);
    expect(await eventsAbout(before, first.id)).toEqual(['movie.published']);

    // Sent once more later (a retry after a lost answer): still the same title.
    expect((await service.call(MovieRpc.create, add)).id).toBe(first.id);
    // Another press (another key) is another title, as an Add without a key is.
    const other = await service.call(MovieRpc.create, { ...add, idempotencyKey: `add-${uniqueSuffix()}` });
    const keyless = await service.call(MovieRpc.create, form(title));
    expect(new Set([first.id, other.id, keyless.id]).size).toBe(3);
    expect(await stored('movies', title)).toBe(3);
  });

  it('publishes a draft saved as published twice at once only once', async () => {
    const draft = await ctx.newMovie({ status: MovieStatus.Draft });
    const before = await redis.xlen(EVENT_STREAM);
    const save = { id: draft.id, changes: { description: 'Ready.', status: MovieStatus.Published } };
    const saved = await Promise.all([
      service.call(MovieRpc.update, save),
      service.call(MovieRpc.update, save),
    ]);
    expect(saved.map((movie) => [movie.status, movie.description])).toEqual([
      ['published', 'Ready.'],
      ['published', 'Ready.'],
    ]);
    expect((await eventsAbout(before, draft.id)).filter((type) => type === 'movie.published')).toEqual([
      'movie.published',
    ]);
  });

  it('makes one series of two parallel Adds with the same key', async () => {
    const title = `Twice Series ${uniqueSuffix()}`;
    const add = { ...form(title), idempotencyKey: `add-${uniqueSuffix()}` };
    const [first, second] = await Promise.all([
      service.call(SeriesRpc.create, add),
      service.call(SeriesRpc.create, add),
    ]);
    expect(second).toEqual(first);
    expect(await stored('series', title)).toBe(1);
    const other = await service.call(SeriesRpc.create, { ...add, idempotencyKey: `add-${uniqueSuffix()}` });
    expect(other.id).not.toBe(first.id);
    expect(await stored('series', title)).toBe(2);
  });

  it('publishes a draft series saved as published twice at once only once', async () => {
    const draft = await ctx.newSeries({ status: MovieStatus.Draft });
    const before = await redis.xlen(EVENT_STREAM);
    const save = { id: draft.id, changes: { status: MovieStatus.Published } };
    await Promise.all([service.call(SeriesRpc.update, save), service.call(SeriesRpc.update, save)]);
    expect((await eventsAbout(before, draft.id)).filter((type) => type === 'series.published')).toEqual([
      'series.published',
    ]);
  });
});
