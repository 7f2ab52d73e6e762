import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule } from '@app/server-core';
import { Env } from './env';
import { RecommendationEventsModule } from './events/recommendation-events.consumer';
import { InsightsModule } from './insights/insights.module';
import { RecommendationsModule } from './recommendations/recommendations.module';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forService('recommendation-service', env),
        RecommendationsModule,
        RecommendationEventsModule,
        InsightsModule,
      ],
    };
  }
}
