import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Types } from 'mongoose';
import { MovieRpc, SeriesRpc } from '@app/contracts';
import type { ServiceUnderTest } from '@app/server-testing';
import { MovieRecord } from '../src/movies/movie.schema';
import { SeriesRecord } from '../src/series/series.schema';
import { ClassificationMigration } from '../src/titles/classification-migration';
import { type CatalogueContext, catalogueContext, startCatalogue } from './catalogue-context';

/** A film as the catalogue stored one before issue 25: no classification, no descriptors. */
const todaysMovie = (title: string) => ({
  _id: new Types.ObjectId(),
  title,
  titleNormalized: title.toLowerCase(),
  description: 'Stored before classification.',
  genre: 'Drama',
  genres: ['Drama'],
  rating: 7.1,
  votes: 10,
  posterUrl: '/generated/x.svg',
  status: 'published',
  access: 'free',
  language: null,
  cast: [],
  publishDate: new Date('2025-01-01T00:00:00.000Z'),
  popularity: 10,
  sourceKey: `seed:vega:${title.toLowerCase()}:2001`,
  purchasePriceInr: 1200,
  rentalPriceInr: 500,
  releaseDate: new Date('2001-06-15T00:00:00.000Z'),
  runtimeMinutes: 120,
  director: null,
  writers: [],
  awards: null,
  imdbId: null,
  tmdbId: null,
  budgetUsd: null,
  revenueUsd: null,
  mediaReady: false,
  createdAt: new Date('2025-01-01T00:00:00.000Z'),
  updatedAt: new Date('2025-01-01T00:00:00.000Z'),
});

/** A series as stored before issue 25. */
const todaysSeries = (title: string) => ({
  _id: new Types.ObjectId(),
  title,
  titleNormalized: title.toLowerCase(),
  description: 'Stored before classification.',
  genre: 'Comedy',
  genres: ['Comedy'],
  rating: 8,
  votes: 5,
  posterUrl: '/generated/y.svg',
  status: 'published',
  access: 'premium',
  language: 'hi',
  cast: [],
  publishDate: new Date('2025-01-01T00:00:00.000Z'),
  popularity: 5,
  firstAirDate: null,
  creators: [],
  demo: true,
  seasons: [],
  createdAt: new Date('2025-01-01T00:00:00.000Z'),
  updatedAt: new Date('2025-01-01T00:00:00.000Z'),
});

describe('catalogue-service: classification of titles (issue 25, real MongoDB)', () => {
  let service: ServiceUnderTest;
  let ctx: CatalogueContext;
  let movies: Model<MovieRecord>;
  let series: Model<SeriesRecord>;

  beforeAll(async () => {
    service = await startCatalogue('catalogue-classification');
    ctx = catalogueContext(service);
    movies = service.app.get<Model<MovieRecord>>(getModelToken(MovieRecord.name));
    series = service.app.get<Model<SeriesRecord>>(getModelToken(SeriesRecord.name));
  });

  afterAll(() => service?.close());

  it("classifies today's documents as unrated (U/A 16+), once, leaving classified titles as they are", async () => {
    const film = todaysMovie(`Unclassified Film ${Date.now()}`);
    const show = todaysSeries(`Unclassified Show ${Date.now()}`);
    // Written as they are stored today: past the schema, which now requires a class.
    await movies.collection.insertOne(film);
    await series.collection.insertOne(show);
    const rated = await ctx.newMovie({ classification: 'A', descriptors: ['violence'] });
    const migration = service.app.get(ClassificationMigration);

    expect(await migration.run()).toEqual({ movies: 1, series: 1 });
    expect(await migration.run()).toEqual({ movies: 0, series: 0 });

    const movie = await service.call(MovieRpc.get, { id: film._id.toHexString(), asAdmin: false });
    expect(movie).toMatchObject({ classification: 'UA16', descriptors: [] });
    const detail = await service.call(SeriesRpc.get, { id: show._id.toHexString(), asAdmin: false });
    expect(detail).toMatchObject({ classification: 'UA16', descriptors: [] });
    const kept = await service.call(MovieRpc.get, { id: rated.id, asAdmin: false });
    expect(kept).toMatchObject({ classification: 'A', descriptors: ['violence'] });
    // Every stored title now has the field a ceiling filters on.
    expect(await movies.countDocuments({ classification: { $exists: false } })).toBe(0);
    expect(await series.countDocuments({ classification: { $exists: false } })).toBe(0);
  });

  it('stores the class an admin gives, and an edit of it', async () => {
    const created = await service.call(MovieRpc.create, {
      title: `Classified ${Date.now()}`,
      description: 'An admin classified it.',
      genre: 'Horror',
      rating: 6,
      posterUrl: 'https://images.example.in/c.jpg',
      classification: 'UA16',
      descriptors: ['horror', 'violence'],
    });
    expect(created).toMatchObject({ classification: 'UA16', descriptors: ['horror', 'violence'] });
    const edited = await service.call(MovieRpc.update, {
      id: created.id,
      changes: { classification: 'A', descriptors: ['horror'] },
    });
    expect(edited).toMatchObject({ classification: 'A', descriptors: ['horror'] });
    expect(await movies.findById(created.id).lean()).toMatchObject({
      classification: 'A',
      descriptors: ['horror'],
    });
  });

  it('keeps the class as an indexed field, so a ceiling can filter lists in the query', async () => {
    for (const model of [movies, series] as Model<unknown>[]) {
      await model.syncIndexes();
      const keys = (await model.collection.indexes()).map((index) => index.key);
      expect(keys).toContainEqual({ status: 1, classification: 1, popularity: -1 });
    }
  });
});
