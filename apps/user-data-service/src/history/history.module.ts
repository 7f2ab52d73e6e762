import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { EventHandlers } from '@app/server-core';
import { EventsModule } from '@app/server-core';
import { CONSUMER_GROUP, historyEventHandlers } from './history-events';
import { HistoryController } from './history.controller';
import { HistoryRepository } from './history.repository';
import { HistoryRecord, HistorySchema } from './history.schema';
import { HistoryService } from './history.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: HistoryRecord.name, schema: HistorySchema }])],
  providers: [HistoryRepository, HistoryService],
  exports: [HistoryRepository, HistoryService],
})
class HistoryDataModule {}

@Module({
  imports: [
    HistoryDataModule,
    EventsModule.forConsumer({
      group: CONSUMER_GROUP,
      imports: [HistoryDataModule],
      inject: [HistoryService],
      handlers: historyEventHandlers as (...deps: never[]) => EventHandlers,
    }),
  ],
  controllers: [HistoryController],
  exports: [HistoryDataModule],
})
export class HistoryModule {}
