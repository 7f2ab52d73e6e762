import type { Redis } from 'ioredis';
import type { EventPayload, EventType, RecommendationList } from '@app/contracts';
import { EVENT_STREAM, RecommendationRpc } from '@app/contracts';
import { buildEnvelope, ENVELOPE_FIELD, EventBus, REDIS_CLIENT } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import {
  newId,
  progressReport,
  startServiceUnderTest,
  suiteInfra,
  uniqueSuffix,
  waitUntil,
} from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { CONSUMER_GROUP } from '../src/events/recommendation-events.consumer';
import { InteractionsRepository } from '../src/interactions/interactions.repository';
import { ProfilesRepository } from '../src/interactions/profiles.repository';
import { ItemCatalogue } from '../src/items/item-catalogue';
import { ItemsRepository } from '../src/items/items.repository';

export { newId };

/** A genre no other test (nor an earlier run) uses: a test filters every list by it to see only its own titles. */
export const newGenre = () => `Genre-${uniqueSuffix()}`;

const DURATION_SECONDS = 5400;

export type RecoHarness = Awaited<ReturnType<typeof startReco>>;

/** The real service on the suite's database and Redis, a bus to publish as other services do, and probes. */
export const startReco = async (suite: string) => {
  const infra = suiteInfra(suite);
  const env = envSchema.parse({
    MONGODB_URI: infra.mongoUri,
    MONGODB_DB: infra.mongoDb,
    REDIS_URL: infra.redisUrl,
  });
  const service: ServiceUnderTest = await startServiceUnderTest(
    'recommendation-service',
    AppModule.register(env),
    infra.mongoUri,
  );
  const redis = service.app.get<Redis>(REDIS_CLIENT);
  const bus = new EventBus(redis);
  const items = service.app.get(ItemsRepository);
  const interactions = service.app.get(InteractionsRepository);
  const profiles = service.app.get(ProfilesRepository);
  const catalogue = service.app.get(ItemCatalogue);

  /** Publishes a title as the catalogue does; resolves once the service's catalogue holds it. */
  const publishTitle = async (fields: Partial<EventPayload<'movie.published'>> & { genre: string }) => {
    const payload: EventPayload<'movie.published'> = {
      movieId: newId(),
      title: `Title ${uniqueSuffix()}`,
      publishDate: new Date().toISOString(),
      posterUrl: '/posters/poster.svg',
      rating: 7.2,
      access: 'free',
      director: `Director ${uniqueSuffix()}`,
      cast: [`Actor ${uniqueSuffix()}`],
      releaseYear: 2012,
      ...fields,
    };
    await bus.publish('movie.published', payload);
    await waitUntil(async () => catalogue.get(payload.movieId) !== undefined, `title ${payload.title}`);
    return payload;
  };

  /** Publishes a series as the catalogue does (one item); resolves once the service's catalogue holds it. */
  const publishSeries = async (fields: Partial<EventPayload<'series.published'>> & { genre: string }) => {
    const payload: EventPayload<'series.published'> = {
      seriesId: newId(),
      title: `Series ${uniqueSuffix()}`,
      publishDate: new Date().toISOString(),
      posterUrl: '/posters/series.svg',
      rating: 8,
      access: 'premium',
      cast: [`Actor ${uniqueSuffix()}`],
      releaseYear: 2020,
      ...fields,
    };
    await bus.publish('series.published', payload);
    await waitUntil(async () => catalogue.get(payload.seriesId) !== undefined, `series ${payload.title}`);
    return payload;
  };

  /** A position report: the viewer reached `fraction` of the film. */
  const watch = (
    userId: string,
    movieId: string,
    fraction: number,
    overrides: Partial<EventPayload<'watch.progressed'>> = {},
  ) =>
    bus.publish(
      'watch.progressed',
      progressReport(userId, movieId, {
        positionSeconds: fraction * DURATION_SECONDS,
        durationSeconds: DURATION_SECONDS,
        reportedAt: new Date().toISOString(),
        ...overrides,
      }),
    );

  /**
   * A report on an episode as streaming-service sends it: `movieId` is the episode's own id (its media), `episode`
   * names its series, season and number.
   */
  const watchEpisode = (
    userId: string,
    seriesId: string,
    episode: { id: string; seasonNumber: number; episodeNumber: number },
    fraction: number,
  ) =>
    watch(userId, episode.id, fraction, {
      episode: { seriesId, seasonNumber: episode.seasonNumber, episodeNumber: episode.episodeNumber },
    });

  /** Resolves once the viewer's profile holds `movieId` with a record `accepts`. */
  const profileShows = (
    userId: string,
    movieId: string,
    accepts: (entry: { watchedFraction: number; favorite: boolean; paid: boolean }) => boolean = () => true,
  ) =>
    waitUntil(async () => {
      const entry = await profiles.get({ userId: userId, profileId: userId }, movieId);
      return entry !== null && accepts(entry);
    }, `the profile of ${userId} to show ${movieId}`);

  /** Viewers who finished each of `movieIds`. */
  const finishedBy = async (userIds: string[], movieIds: string[]) => {
    for (const userId of userIds) for (const movieId of movieIds) await watch(userId, movieId, 1);
    for (const userId of userIds)
      for (const movieId of movieIds)
        await profileShows(userId, movieId, (entry) => entry.watchedFraction === 1);
  };

  /**
   * The consumer handles the stream in order (a title event runs alone, after every report before it), so once a
   * marker title published last is stored, every event published before it has been handled.
   */
  const drain = async () => {
    const movieId = newId();
    await bus.publish('movie.published', {
      movieId,
      title: 'Marker',
      genre: newGenre(),
      publishDate: new Date().toISOString(),
    });
    await waitUntil(async () => (await items.findOne(movieId)) !== null, 'the marker title');
  };

  /** Publishes an event as if it had occurred at `occurredAt` (an old event retried late). */
  const publishAt = async <T extends EventType>(type: T, payload: EventPayload<T>, occurredAt: Date) => {
    const envelope = buildEnvelope(type, payload, occurredAt);
    await redis.xadd(EVENT_STREAM, '*', ENVELOPE_FIELD, JSON.stringify(envelope));
    return envelope.id;
  };

  /** Appends the very entry of an event published before once more: a redelivery, same envelope and id. */
  const redeliver = async (eventId: string) => {
    const [[, fields]] = (await redis.xrange(EVENT_STREAM, '-', '+')).filter(([, entry]) =>
      entry[1].includes(eventId),
    );
    await redis.xadd(EVENT_STREAM, '*', ...fields);
  };

  /** A failed handler leaves its event pending (for a retry much later), so none pending means none failed. */
  const pendingOfGroup = async () => {
    const [count] = (await redis.xpending(EVENT_STREAM, CONSUMER_GROUP)) as [number, ...unknown[]];
    return count;
  };

  const recommend = (userId: string | null, genre?: string, limit = 20): Promise<RecommendationList> =>
    service.call(RecommendationRpc.recommend, { userId, genre, limit });
  const trending = (genre?: string, limit = 20) => service.call(RecommendationRpc.trending, { genre, limit });
  const similar = (movieId: string, limit = 20) =>
    service.call(RecommendationRpc.similar, { movieId, limit });
  const rebuild = () => service.call(RecommendationRpc.rebuild, {});
  const status = () => service.call(RecommendationRpc.status, {});

  return {
    service,
    redis,
    bus,
    items,
    interactions,
    profiles,
    catalogue,
    publishTitle,
    publishSeries,
    watch,
    watchEpisode,
    profileShows,
    finishedBy,
    drain,
    publishAt,
    redeliver,
    pendingOfGroup,
    recommend,
    trending,
    similar,
    rebuild,
    status,
    close: () => service.close(),
  };
};

export const idsOf = (list: RecommendationList) => list.items.map((item) => item.movie_id);
