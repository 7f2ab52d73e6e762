import { Module } from '@nestjs/common';
import { RecoStoreModule } from '../data/reco-store.module';
import { TrendingModule } from '../trending/trending.module';
import { InteractionsMigration } from './interactions-migration';
import { InteractionsService } from './interactions.service';

@Module({
  imports: [RecoStoreModule, TrendingModule],
  providers: [InteractionsService, InteractionsMigration],
  exports: [InteractionsService],
})
export class InteractionsModule {}
