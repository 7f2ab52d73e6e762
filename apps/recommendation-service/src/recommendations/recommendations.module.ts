import { Module } from '@nestjs/common';
import { InteractionsModule } from '../interactions/interactions.module';
import { ItemsModule } from '../items/items.module';
import { ModelBuildModule } from '../model-build/model-build.module';
import { TrendingModule } from '../trending/trending.module';
import { RecommendationsController } from './recommendations.controller';
import { RecommendationsService } from './recommendations.service';

@Module({
  imports: [ItemsModule, InteractionsModule, TrendingModule, ModelBuildModule],
  controllers: [RecommendationsController],
  providers: [RecommendationsService],
})
export class RecommendationsModule {}
