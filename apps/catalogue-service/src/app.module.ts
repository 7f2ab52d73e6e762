import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule } from '@app/server-core';
import { Env } from './env';
import { MoviesModule } from './movies/movies.module';
import { RatingsModule } from './ratings/ratings.module';
import { ReviewsModule } from './reviews/reviews.module';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forService('catalogue-service', env),
        EventsModule.forPublisher(),
        MoviesModule,
        ReviewsModule,
        RatingsModule,
      ],
    };
  }
}
