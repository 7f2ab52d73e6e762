import { Module } from '@nestjs/common';
import type { EventBatchHandlers, EventHandlers } from '@app/server-core';
import { EventsModule } from '@app/server-core';
import { InteractionsModule } from '../interactions/interactions.module';
import { InteractionsService } from '../interactions/interactions.service';
import { ItemsModule } from '../items/items.module';
import { ItemsService } from '../items/items.service';

/** The recommendation service's consumer group: it gets every event once. */
export const CONSUMER_GROUP = 'recommendation-service';

/**
 * Everything this service learns from, in its one group. No IdempotencyStore: each effect is idempotent by its
 * natural key (items ordered by the event's `occurredAt`; interaction signals that only grow, the favorite ordered
 * by event time; trending plays counted once per viewer, title and day; deletes by user or profile), and a report every 10 s
 * per viewer should cost no more than the writes it makes.
 */
export const recommendationEventHandlers = (
  items: ItemsService,
  interactions: InteractionsService,
): EventHandlers => ({
  'movie.published': async ({ payload, occurredAt }) => {
    await items.recordPublished(payload, new Date(occurredAt));
  },
  'movie.updated': async ({ payload, occurredAt }) => {
    await items.recordUpdated(payload, new Date(occurredAt));
  },
  'movie.deleted': ({ payload, occurredAt }) => items.forget(payload.movieId, 'movie', new Date(occurredAt)),
  // A series is one item; `episode.*` events are not handled (episodes are never items).
  'series.published': async ({ payload, occurredAt }) => {
    await items.recordSeriesPublished(payload, new Date(occurredAt));
  },
  'series.updated': async ({ payload, occurredAt }) => {
    await items.recordSeriesUpdated(payload, new Date(occurredAt));
  },
  'series.deleted': ({ payload, occurredAt }) =>
    items.forget(payload.seriesId, 'series', new Date(occurredAt)),
  'favorite.added': async ({ payload, occurredAt }) => {
    await interactions.recordFavorite(payload, true, new Date(occurredAt));
  },
  'favorite.removed': async ({ payload, occurredAt }) => {
    await interactions.recordFavorite(payload, false, new Date(occurredAt));
  },
  'payment.captured': async ({ payload, occurredAt }) => {
    await interactions.recordPayment(payload, new Date(occurredAt));
  },
  'user.deleted': ({ payload }) => interactions.forgetUser(payload.userId),
  'profile.deleted': ({ payload }) => interactions.forgetProfile(payload),
});

/**
 * The hottest events, a read of the stream at a time (issue 29): reports of different viewers or items touch
 * different records, written together; one viewer's reports on one item (every episode of a series is the series,
 * interaction-rules.ts `itemOfReport`) fold into one write, in stream order. Every other event runs alone, in stream
 * order.
 */
export const recommendationEventBatchHandlers = (interactions: InteractionsService): EventBatchHandlers => ({
  'watch.progressed': async (events) => {
    await interactions.recordProgressMany(events.map(({ event }) => event.payload));
  },
});

@Module({
  imports: [
    EventsModule.forConsumer({
      group: CONSUMER_GROUP,
      imports: [ItemsModule, InteractionsModule],
      inject: [ItemsService, InteractionsService],
      handlers: recommendationEventHandlers,
      batchHandlers: (_items, interactions) => recommendationEventBatchHandlers(interactions),
    }),
  ],
})
export class RecommendationEventsModule {}
