import { Module } from '@nestjs/common';
import { UserDataStoreModule } from '../data/user-data-store.module';
import { TitlesService } from './titles.service';

@Module({
  imports: [UserDataStoreModule],
  providers: [TitlesService],
  exports: [TitlesService],
})
export class TitlesModule {}
