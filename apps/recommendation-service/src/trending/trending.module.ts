import { Module } from '@nestjs/common';
import { RecoStoreModule } from '../data/reco-store.module';
import { TrendingService } from './trending.service';

@Module({
  imports: [RecoStoreModule],
  providers: [TrendingService],
  exports: [TrendingService],
})
export class TrendingModule {}
