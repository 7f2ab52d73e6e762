import { Module } from '@nestjs/common';
import { EventsModule } from '@app/server-core';
import { PlaysRepository } from './plays.repository';
import { PlaysService } from './plays.service';
import { QoeController } from './qoe.controller';

/** The plays' store alone: the outbox's settled check reads it too. */
@Module({ providers: [PlaysRepository], exports: [PlaysRepository] })
export class PlaysStoreModule {}

@Module({
  imports: [PlaysStoreModule, EventsModule.forPublisher()],
  controllers: [QoeController],
  providers: [PlaysService],
  exports: [PlaysService],
})
export class PlaysModule {}
