import { Module } from '@nestjs/common';
import { UserDataStoreModule } from '../data/user-data-store.module';
import { EpisodesService } from './episodes.service';

@Module({
  imports: [UserDataStoreModule],
  providers: [EpisodesService],
  exports: [EpisodesService],
})
export class EpisodesModule {}
