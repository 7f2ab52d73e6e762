import { Module } from '@nestjs/common';
import type { EventBatchHandlers } from '@app/server-core';
import { EventsModule } from '@app/server-core';
import { CatalogueDataModule } from '../data/catalogue-data.module';
import { MediaService } from './media.service';

/** The catalogue-service's consumer group: it gets every event once. */
export const CONSUMER_GROUP = 'catalogue-service';

/**
 * No IdempotencyStore: the conditional update on the title, ordered by `occurredAt`, is idempotent by itself. In
 * batches (issue 24): thousands arrive together at first start, applied with one bulk write per batch.
 */
export const mediaEventHandlers = (media: MediaService): EventBatchHandlers => ({
  'media.ready': async (events) => {
    await media.markReady(
      events.map(({ event }) => ({ ...event.payload, occurredAt: new Date(event.occurredAt) })),
    );
  },
});

@Module({
  imports: [CatalogueDataModule],
  providers: [MediaService],
  exports: [MediaService],
})
class MediaDataModule {}

/** Consumes what streaming-service says about titles' media. Not imported by the seed and import commands. */
@Module({
  imports: [
    MediaDataModule,
    EventsModule.forConsumer({
      group: CONSUMER_GROUP,
      imports: [MediaDataModule],
      inject: [MediaService],
      batchHandlers: mediaEventHandlers,
      // Bursts of thousands (the seeded titles): fewer, larger bulk writes.
      batchSize: 500,
    }),
  ],
})
export class MediaEventsModule {}
