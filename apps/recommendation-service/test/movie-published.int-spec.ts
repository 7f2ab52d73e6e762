import { Test } from '@nestjs/testing';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { CoreModule, EventBus, EventsModule, PROCESSED_EVENTS_COLLECTION } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { startServiceUnderTest, suiteInfra, waitUntil } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { CONSUMER_GROUP } from '../src/items/items.module';
import { ItemsRepository } from '../src/items/items.repository';

const TOTAL = 200;
const STOP_AFTER = 60;

/**
 * movie.published crosses services: the catalogue's EventBus publishes on Redis Streams, the
 * recommendation service consumes it into its own items collection. The consumer is stopped midway
 * and restarted; every event must be applied exactly once.
 */
describe('movie.published from catalogue to recommendation-service', () => {
  const infra = suiteInfra('reco-events');
  const env = envSchema.parse({
    MONGODB_URI: infra.mongoUri,
    MONGODB_DB: infra.mongoDb,
    REDIS_URL: infra.redisUrl,
  });
  let service: ServiceUnderTest | undefined;

  afterAll(() => service?.close());

  it('applies every event exactly once across a stop and restart of the consumer', async () => {
    // The publisher side, wired as the catalogue service wires it.
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
    const movieIds = Array.from({ length: TOTAL }, (_, i) => `movie-${String(i).padStart(4, '0')}`);
    // The stream may hold other suites' events too (shared Redis): track ours by event id.
    const eventIds: string[] = [];
    for (const [i, movieId] of movieIds.entries()) {
      eventIds.push(
        await bus.publish('movie.published', {
          movieId,
          title: `Title ${i}`,
          genre: i % 2 ? 'Drama' : 'Comedy',
          publishDate: new Date().toISOString(),
        }),
      );
    }
    await publisher.close();

    // First run: stop the service as soon as the 100th effect has been applied.
    let applied = 0;
    let reachedStopPoint!: () => void;
    const stopPoint = new Promise<void>((resolve) => (reachedStopPoint = resolve));
    const original = ItemsRepository.prototype.recordPublished;
    const spy = jest.spyOn(ItemsRepository.prototype, 'recordPublished').mockImplementation(async function (
      this: ItemsRepository,
      payload,
    ) {
      await original.call(this, payload);
      if (movieIds.includes(payload.movieId) && ++applied === STOP_AFTER) reachedStopPoint();
    });
    const first = await startServiceUnderTest(
      'recommendation-service',
      AppModule.register(env),
      infra.mongoUri,
    );
    await stopPoint;
    await first.app.close();
    const appliedBeforeRestart = applied;
    expect(appliedBeforeRestart).toBeGreaterThanOrEqual(STOP_AFTER);
    expect(appliedBeforeRestart).toBeLessThan(TOTAL);
    spy.mockRestore();

    // Second run, same consumer group: picks up where the first left off.
    service = await startServiceUnderTest('recommendation-service', AppModule.register(env), infra.mongoUri);
    const items = service.app.get(ItemsRepository);
    const db = service.app.get<Connection>(getConnectionToken());
    const processed = () =>
      db
        .collection(PROCESSED_EVENTS_COLLECTION)
        .countDocuments({ group: CONSUMER_GROUP, eventId: { $in: eventIds } });
    await waitUntil(async () => (await processed()) === TOTAL, `${TOTAL} processed events`, 90_000);

    const stored = (await items.findAll()).filter((item) => movieIds.includes(item._id));
    expect(stored.map((item) => item._id)).toEqual(movieIds);
    expect(stored.filter((item) => item.publishEvents !== 1)).toEqual([]);
    expect(stored[1]).toMatchObject({ title: 'Title 1', genre: 'Drama' });
  });
});
