import type { Redis } from 'ioredis';
import { Types } from 'mongoose';
import { EVENT_STREAM, MovieRpc, ReviewRpc } from '@app/contracts';
import { EventBus, REDIS_CLIENT } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { startServiceUnderTest, suiteInfra, waitUntil } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { REVIEWS_CONSUMER_GROUP } from '../src/reviews/review-events.consumer';
import { DELETED_AUTHOR } from '../src/reviews/reviews.service';
import type { CatalogueContext } from './catalogue-context';
import { catalogueContext } from './catalogue-context';

const newUserId = () => new Types.ObjectId().toHexString();

describe('user.deleted anonymises the reviews in catalogue-service (DECISIONS 32)', () => {
  let service: ServiceUnderTest;
  let ctx: CatalogueContext;
  let redis: Redis;
  let bus: EventBus;

  beforeAll(async () => {
    const infra = suiteInfra('catalogue-review-authors');
    const env = envSchema.parse({
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
    });
    service = await startServiceUnderTest('catalogue-service', AppModule.register(env), infra.mongoUri);
    ctx = catalogueContext(service);
    redis = service.app.get<Redis>(REDIS_CLIENT);
    bus = service.app.get(EventBus);
  });

  afterAll(() => service?.close());

  const reviewsOf = (movieId: string) => service.call(ReviewRpc.list, { movieId });
  const pendingOfGroup = async () =>
    ((await redis.xpending(EVENT_STREAM, REVIEWS_CONSUMER_GROUP)) as [number, ...unknown[]])[0];

  it("renames the deleted user's reviews and drops their id; others' reviews and every rating stay", async () => {
    const [lagaan, swades] = [await ctx.newMovie(), await ctx.newMovie()];
    const asha = newUserId();
    const ravi = newUserId();
    await ctx.newReview(lagaan, { userId: asha, username: 'Asha', rating: 9, content: 'Loved it.' });
    await ctx.newReview(swades, { userId: asha, username: 'Asha', rating: 6 });
    await ctx.newReview(lagaan, { userId: ravi, username: 'Ravi', rating: 4 });

    await bus.publish('user.deleted', { userId: asha });
    await waitUntil(
      async () => (await ctx.reviews.ofMovies([lagaan.id, swades.id])).every((r) => r.userId !== asha),
      "Asha's reviews to be anonymised",
    );

    const onLagaan = await reviewsOf(lagaan.id);
    expect(onLagaan.map(({ username, rating, content }) => ({ username, rating, content }))).toEqual(
      expect.arrayContaining([
        { username: DELETED_AUTHOR, rating: 9, content: 'Loved it.' },
        { username: 'Ravi', rating: 4, content: 'Watchable.' },
      ]),
    );
    const anonymised = [...onLagaan, ...(await reviewsOf(swades.id))].filter(
      (r) => r.username === DELETED_AUTHOR,
    );
    expect(anonymised).toHaveLength(2);
    expect(JSON.stringify(anonymised)).not.toMatch(/Asha|asha/);
    expect(JSON.stringify(anonymised)).not.toContain(asha);
    expect(onLagaan.find((r) => r.username === 'Ravi')?.userId).toBe(ravi);
    // The title's page shows the same.
    const detail = await service.call(MovieRpc.get, { id: lagaan.id, asAdmin: false });
    expect(detail.topReviews.map((r) => r.username).sort()).toEqual([DELETED_AUTHOR, 'Ravi'].sort());
  });

  it('lets two deleted users keep their reviews of the same title, and a redelivery changes nothing', async () => {
    const movie = await ctx.newMovie();
    const [first, second] = [newUserId(), newUserId()];
    await ctx.newReview(movie, { userId: first, username: 'First' });
    await ctx.newReview(movie, { userId: second, username: 'Second' });

    await bus.publish('user.deleted', { userId: first });
    await bus.publish('user.deleted', { userId: second });
    await waitUntil(
      async () => (await reviewsOf(movie.id)).every((r) => r.username === DELETED_AUTHOR),
      'both reviews to be anonymised',
    );
    const settled = await reviewsOf(movie.id);
    expect(settled).toHaveLength(2);
    expect(new Set(settled.map((r) => r.userId)).size).toBe(2);

    // The same envelope again (a redelivery): nothing is left under that id, so nothing moves.
    const [[, fields]] = (await redis.xrange(EVENT_STREAM, '-', '+'))
      .reverse()
      .filter(([, entry]) => entry[1].includes(second));
    await redis.xadd(EVENT_STREAM, '*', ...fields);
    const marker = await ctx.newMovie();
    const markerUser = newUserId();
    await ctx.newReview(marker, { userId: markerUser, username: 'Marker' });
    await bus.publish('user.deleted', { userId: markerUser });
    await waitUntil(
      async () => (await reviewsOf(marker.id))[0]?.username === DELETED_AUTHOR,
      'the marker event',
    );
    expect(await reviewsOf(movie.id)).toEqual(settled);
    await waitUntil(async () => (await pendingOfGroup()) === 0, 'every event acknowledged');
  });

  it('acknowledges user.deleted for a user without reviews', async () => {
    await bus.publish('user.deleted', { userId: newUserId() });
    const movie = await ctx.newMovie();
    const markerUser = newUserId();
    await ctx.newReview(movie, { userId: markerUser, username: 'Marker' });
    await bus.publish('user.deleted', { userId: markerUser });
    await waitUntil(
      async () => (await reviewsOf(movie.id))[0]?.username === DELETED_AUTHOR,
      'the marker event',
    );
    await waitUntil(async () => (await pendingOfGroup()) === 0, 'every event acknowledged');
  });
});
