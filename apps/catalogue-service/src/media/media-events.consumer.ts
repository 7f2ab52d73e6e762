import { Module } from '@nestjs/common';
import type { EventHandlers } from '@app/server-core';
import { EventsModule } from '@app/server-core';
import { CatalogueDataModule } from '../data/catalogue-data.module';
import { MediaService } from './media.service';

/** The catalogue-service's consumer group: it gets every event once. */
export const CONSUMER_GROUP = 'catalogue-service';

/** No IdempotencyStore: the conditional update on the title, ordered by `occurredAt`, is idempotent by itself. */
export const mediaEventHandlers = (media: MediaService): EventHandlers => ({
  'media.ready': async (event) => {
    await media.markReady(event.payload, new Date(event.occurredAt));
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
      handlers: mediaEventHandlers,
    }),
  ],
})
export class MediaEventsModule {}
