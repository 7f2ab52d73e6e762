import { Test } from '@nestjs/testing';
import type { EventPayload } from '@app/contracts';
import { EVENT_STREAM } from '@app/contracts';
import { buildEnvelope, CoreModule, ENVELOPE_FIELD, EventBus, EventsModule } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { progressReport, startServiceUnderTest, suiteInfra, waitUntil } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { ItemCatalogue } from '../src/items/item-catalogue';
import { InteractionsRepository } from '../src/interactions/interactions.repository';
import { ItemsRepository } from '../src/items/items.repository';
import { trendingPlaysKey } from '../src/trending/trending.repository';
import { dayOf, playWeight } from '../src/trending/trending-rules';
import type { RecoHarness } from './reco-context';
import { newGenre, newId, startReco } from './reco-context';

const TOTAL = 200;
const STOP_AFTER = 60;

/**
 * Catalogue events cross services: the catalogue's EventBus publishes on Redis Streams, the recommendation service
 * consumes them into its own items collection. The consumer is stopped midway and restarted; every title must be
 * stored once, with what its event said.
 */
describe('catalogue events from catalogue-service to recommendation-service', () => {
  const infra = suiteInfra('reco-items-restart');
  const env = envSchema.parse({
    MONGODB_URI: infra.mongoUri,
    MONGODB_DB: infra.mongoDb,
    REDIS_URL: infra.redisUrl,
  });
  let service: ServiceUnderTest | undefined;

  afterAll(() => service?.close());

  it('applies every event across a stop and restart of the consumer', async () => {
    const publisher = await Test.createTestingModule({
      imports: [
        CoreModule.forService('catalogue-service', {
          MONGODB_URI: infra.mongoUri,
          MONGODB_DB: infra.mongoDb,
          REDIS_URL: infra.redisUrl,
        }),
        EventsModule.forPublisher(),
      ],
    }).compile();
    const bus = publisher.get(EventBus);
    const genre = newGenre();
    const movieIds = Array.from({ length: TOTAL }, () => newId());
    for (const [i, movieId] of movieIds.entries()) {
      await bus.publish('movie.published', {
        movieId,
        title: `Title ${i}`,
        genre: i % 2 ? `${genre}-drama` : `${genre}-comedy`,
        publishDate: new Date().toISOString(),
      });
    }
    await publisher.close();

    // First run: stop the service as soon as STOP_AFTER of our titles have been stored.
    const applied = new Set<string>();
    let reachedStopPoint!: () => void;
    const stopPoint = new Promise<void>((resolve) => (reachedStopPoint = resolve));
    const original = ItemsRepository.prototype.record;
    const spy = jest.spyOn(ItemsRepository.prototype, 'record').mockImplementation(async function (
      this: ItemsRepository,
      write,
      at,
    ) {
      const result = await original.call(this, write, at);
      if (movieIds.includes(write.movieId)) applied.add(write.movieId);
      if (applied.size === STOP_AFTER) reachedStopPoint();
      return result;
    });
    const first = await startServiceUnderTest(
      'recommendation-service',
      AppModule.register(env),
      infra.mongoUri,
    );
    await stopPoint;
    await first.app.close();
    expect(applied.size).toBeGreaterThanOrEqual(STOP_AFTER);
    expect(applied.size).toBeLessThan(TOTAL);
    spy.mockRestore();

    // Second run, same consumer group: picks up where the first left off.
    service = await startServiceUnderTest('recommendation-service', AppModule.register(env), infra.mongoUri);
    const items = service.app.get(ItemsRepository);
    const stored = async () => (await items.findAll()).filter((item) => movieIds.includes(item._id));
    await waitUntil(async () => (await stored()).length === TOTAL, `${TOTAL} titles`, 90_000);

    const titles = await stored();
    expect(new Set(titles.map((item) => item._id))).toEqual(new Set(movieIds));
    const second = titles.find((item) => item._id === movieIds[1]);
    expect(second).toMatchObject({
      title: 'Title 1',
      genre: `${genre}-drama`,
      status: 'published',
      deleted: false,
    });
    // Older events carry no card fields: the record holds safe defaults.
    expect(second).toMatchObject({ posterUrl: '', rating: null, access: 'free', director: null, cast: [] });
    const catalogue = service.app.get(ItemCatalogue);
    await waitUntil(
      async () => movieIds.every((movieId) => catalogue.isRecommendable(movieId)),
      'the catalogue',
    );
  });
});

describe('events applied once in effect, however often delivered', () => {
  let ctx: RecoHarness;

  beforeAll(async () => {
    ctx = await startReco('reco-events');
  });

  afterAll(() => ctx?.close());

  it('keeps the card fields of a title, and ignores an edit older than what is stored', async () => {
    const card: Partial<EventPayload<'movie.published'>> = {
      posterUrl: '/posters/lagaan.svg',
      rating: 8.1,
      access: 'premium',
      director: 'Ashutosh Gowariker',
      cast: ['Aamir Khan', 'Gracy Singh'],
      releaseYear: 2001,
    };
    const title = await ctx.publishTitle({ genre: newGenre(), ...card });
    expect(ctx.catalogue.get(title.movieId)).toMatchObject({
      title: title.title,
      ...card,
      recommendable: true,
    });

    const edit = (status: string, name: string): EventPayload<'movie.updated'> => ({
      movieId: title.movieId,
      title: name,
      genre: title.genre,
      status,
    });
    // An edit from an hour ago, delivered late: older than the publish, so it changes nothing.
    await ctx.publishAt('movie.updated', edit('draft', 'Old name'), new Date(Date.now() - 3_600_000));
    await ctx.drain();
    expect(await ctx.items.findOne(title.movieId)).toMatchObject({ title: title.title, status: 'published' });

    // A current edit back to draft: stored, and the title leaves every list.
    await ctx.bus.publish('movie.updated', edit('draft', 'New name'));
    await waitUntil(async () => ctx.catalogue.get(title.movieId)?.recommendable === false, 'the draft');
    // The edit carried no card fields: the stored ones stay.
    expect(await ctx.items.findOne(title.movieId)).toMatchObject({
      title: 'New name',
      status: 'draft',
      posterUrl: '/posters/lagaan.svg',
      access: 'premium',
    });
  });

  it('keeps a deleted title deleted, even when an older publish arrives after the delete', async () => {
    const title = await ctx.publishTitle({ genre: newGenre() });
    await ctx.bus.publish('movie.deleted', { movieId: title.movieId });
    await waitUntil(async () => ctx.catalogue.get(title.movieId)?.recommendable === false, 'the delete');
    await ctx.publishAt('movie.published', title, new Date(Date.now() - 60_000));
    await ctx.publishAt('movie.published', title, new Date(Date.now() + 60_000));
    await ctx.drain();
    expect(await ctx.items.findOne(title.movieId)).toMatchObject({ deleted: true });
    expect(ctx.catalogue.isRecommendable(title.movieId)).toBe(false);
  });

  it('applies a redelivered position report once: one write, one trending play', async () => {
    const userId = newId();
    const movieId = newId();
    const reportedAt = new Date(Date.now() - 60_000);
    const eventId = await ctx.watch(userId, movieId, 0.4, { reportedAt: reportedAt.toISOString() });
    await ctx.profileShows(userId, movieId);
    await ctx.redeliver(eventId);
    await ctx.redeliver(eventId);
    // Later reports that reach no further share (a rewind, the same minute again) write nothing either.
    await ctx.watch(userId, movieId, 0.2);
    await ctx.watch(userId, movieId, 0.404);
    await ctx.drain();

    expect(await ctx.interactions.findOne({ userId: userId, profileId: userId }, movieId)).toMatchObject({
      version: 1,
      watchedFraction: 0.4,
      finished: false,
    });
    expect(await ctx.profiles.get({ userId: userId, profileId: userId }, movieId)).toMatchObject({
      version: 1,
      watchedFraction: 0.4,
    });
    const plays = await ctx.redis.zscore(trendingPlaysKey(dayOf(reportedAt.getTime())), movieId);
    expect(Number(plays)).toBeCloseTo(playWeight(reportedAt.getTime()), 9);
    await waitUntil(async () => (await ctx.pendingOfGroup()) === 0, 'every event acknowledged');
  });

  it("writes a read's reports in one bulk write, one viewer's reports on a title folded into one write", async () => {
    const viewers = Array.from({ length: 6 }, () => ({ userId: newId(), movieId: newId() }));
    const [twice] = viewers;
    const repository = ctx.service.app.get(InteractionsRepository);
    const bulk = jest.spyOn(repository, 'writeMany');
    const one = [jest.spyOn(repository, 'insert'), jest.spyOn(repository, 'update')];
    try {
      // In the stream at once, as a busy minute leaves them: one XADD each, sent in one round trip.
      const pipeline = ctx.redis.pipeline();
      const add = (userId: string, movieId: string, fraction: number) =>
        pipeline.xadd(
          EVENT_STREAM,
          '*',
          ENVELOPE_FIELD,
          JSON.stringify(
            buildEnvelope(
              'watch.progressed',
              progressReport(userId, movieId, {
                positionSeconds: fraction * 5400,
                durationSeconds: 5400,
                reportedAt: new Date().toISOString(),
              }),
            ),
          ),
        );
      for (const { userId, movieId } of viewers) add(userId, movieId, 0.3);
      add(twice.userId, twice.movieId, 0.6);
      await pipeline.exec();
      await ctx.profileShows(twice.userId, twice.movieId, ({ watchedFraction }) => watchedFraction === 0.6);
      for (const { userId, movieId } of viewers.slice(1)) {
        await ctx.profileShows(userId, movieId);
        expect(await ctx.interactions.findOne({ userId, profileId: userId }, movieId)).toMatchObject({
          watchedFraction: 0.3,
          version: 1,
        });
      }
      expect(
        await ctx.interactions.findOne({ userId: twice.userId, profileId: twice.userId }, twice.movieId),
      ).toMatchObject({
        watchedFraction: 0.6,
      });
      // One read (or two, if the consumer read while the pipeline was landing): one bulk write each, none one by one.
      expect(bulk.mock.calls.length).toBeLessThanOrEqual(2);
      for (const spy of one) expect(spy).not.toHaveBeenCalled();
    } finally {
      bulk.mockRestore();
      for (const spy of one) spy.mockRestore();
    }
  });

  it('grows the share watched and keeps finished once reached', async () => {
    const userId = newId();
    const movieId = newId();
    await ctx.watch(userId, movieId, 0.3);
    // Written before the next two, which a read may take together (they fold into one write then).
    await ctx.profileShows(userId, movieId);
    await ctx.watch(userId, movieId, 0.95);
    await ctx.watch(userId, movieId, 0.1);
    await ctx.drain();
    expect(await ctx.interactions.findOne({ userId: userId, profileId: userId }, movieId)).toMatchObject({
      watchedFraction: 0.95,
      finished: true,
      version: 2,
    });
  });

  it('orders favorites by event time: a redelivery or an older event changes nothing', async () => {
    const userId = newId();
    const movieId = newId();
    const addedAt = new Date();
    const added = await ctx.publishAt(
      'favorite.added',
      { userId, movieId, addedAt: addedAt.toISOString() },
      addedAt,
    );
    await ctx.profileShows(userId, movieId, (entry) => entry.favorite);
    await ctx.redeliver(added);
    // A removal that happened before the add, delivered late.
    await ctx.publishAt('favorite.removed', { userId, movieId }, new Date(addedAt.getTime() - 1_000));
    await ctx.drain();
    expect(await ctx.interactions.findOne({ userId: userId, profileId: userId }, movieId)).toMatchObject({
      favorite: true,
      version: 1,
    });

    await ctx.publishAt('favorite.removed', { userId, movieId }, new Date(addedAt.getTime() + 1_000));
    await ctx.profileShows(userId, movieId, (entry) => !entry.favorite);
    expect(await ctx.interactions.findOne({ userId: userId, profileId: userId }, movieId)).toMatchObject({
      favorite: false,
      version: 2,
    });
  });

  it('counts a purchase once, and learns nothing from a subscription charge', async () => {
    const userId = newId();
    const movieId = newId();
    const payment = (movieIdOf: string | null): EventPayload<'payment.captured'> => ({
      paymentId: `pay_${newId()}`,
      userId,
      kind: movieIdOf ? 'purchase' : 'subscription',
      movieId: movieIdOf,
      planId: movieIdOf ? null : 'plan_premium',
      amountPaise: 120_000,
    });
    const eventId = await ctx.bus.publish('payment.captured', payment(movieId));
    await ctx.profileShows(userId, movieId, (entry) => entry.paid);
    await ctx.redeliver(eventId);
    await ctx.bus.publish('payment.captured', payment(null));
    await ctx.drain();
    expect(await ctx.interactions.findOne({ userId: userId, profileId: userId }, movieId)).toMatchObject({
      paid: true,
      version: 1,
    });
    expect(await ctx.profiles.all({ userId: userId, profileId: userId })).toHaveLength(1);
  });
});
