import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule } from '@app/server-core';
import { CATALOGUE_ENV, Env } from './env';
import { MoviesModule } from './movies/movies.module';
import { RatingsModule } from './ratings/ratings.module';
import { ReviewsModule } from './reviews/reviews.module';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        CoreModule.forService({ service: 'catalogue-service', mongoUri: env.MONGODB_URI, mongoDb: env.MONGODB_DB, redisUrl: env.REDIS_URL }),
        EventsModule.forPublisher(),
        MoviesModule,
        ReviewsModule,
        RatingsModule,
      ],
      providers: [{ provide: CATALOGUE_ENV, useValue: env }],
      exports: [CATALOGUE_ENV],
    };
  }
}
