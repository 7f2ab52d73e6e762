import { Module } from '@nestjs/common';
import { UserDataStoreModule } from '../data/user-data-store.module';
import { EpisodesModule } from '../episodes/episodes.module';
import { TitlesModule } from '../titles/titles.module';
import { HistoryController } from './history.controller';
import { HistoryService } from './history.service';

@Module({
  imports: [UserDataStoreModule, TitlesModule, EpisodesModule],
  controllers: [HistoryController],
  providers: [HistoryService],
  exports: [HistoryService],
})
export class HistoryModule {}
