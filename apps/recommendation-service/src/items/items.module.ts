import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { EventHandlers, EventsModule, IdempotencyStore } from '@app/server-core';
import { ItemRecord, ItemSchema } from './item.schema';
import { ItemsRepository } from './items.repository';

export const CONSUMER_GROUP = 'recommendation-service';

@Module({
  imports: [MongooseModule.forFeature([{ name: ItemRecord.name, schema: ItemSchema }])],
  providers: [ItemsRepository],
  exports: [ItemsRepository],
})
class ItemsDataModule {}

/** Catalogue events the recommendation service keeps its item list from. */
export const catalogueEventHandlers = (
  idempotency: IdempotencyStore,
  items: ItemsRepository,
): EventHandlers => ({
  'movie.published': async (event) => {
    await idempotency.processOnce({ group: CONSUMER_GROUP, eventId: event.id }, () =>
      items.recordPublished(event.payload),
    );
  },
});

@Module({
  imports: [
    ItemsDataModule,
    EventsModule.forConsumer({
      group: CONSUMER_GROUP,
      imports: [ItemsDataModule],
      inject: [IdempotencyStore, ItemsRepository],
      handlers: catalogueEventHandlers as (...deps: never[]) => EventHandlers,
    }),
  ],
  exports: [ItemsDataModule],
})
export class ItemsModule {}
