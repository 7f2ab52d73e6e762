import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule } from '@app/server-core';
import { Env } from './env';
import { MediaEventsModule } from './media/media-events.consumer';
import { MoviesModule } from './movies/movies.module';
import { RatingsModule } from './ratings/ratings.module';
import { ReviewEventsModule } from './reviews/review-events.consumer';
import { ReviewsModule } from './reviews/reviews.module';
import { SeriesModule } from './series/series.module';

export type AppOptions = {
  /** The running service consumes events; one-off commands (seed, import) only publish. */
  consumeEvents?: boolean;
};

@Module({})
export class AppModule {
  static register(env: Env, { consumeEvents = true }: AppOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forService('catalogue-service', env),
        EventsModule.forPublisher(),
        MoviesModule,
        SeriesModule,
        ReviewsModule,
        RatingsModule,
        ...(consumeEvents ? [MediaEventsModule, ReviewEventsModule] : []),
      ],
    };
  }
}
