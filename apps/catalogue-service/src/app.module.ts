import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule, OutboxModule } from '@app/server-core';
import { CatalogueDataModule } from './data/catalogue-data.module';
import { Env } from './env';
import { MediaEventsModule } from './media/media-events.consumer';
import { MoviesModule } from './movies/movies.module';
import { MoviesRepository } from './movies/movies.repository';
import { settledChecks } from './outbox/settled-checks';
import { EpisodesRepository } from './series/episodes.repository';
import { SeriesRepository } from './series/series.repository';
import { RatingsModule } from './ratings/ratings.module';
import { ReviewEventsModule } from './reviews/review-events.consumer';
import { ReviewsModule } from './reviews/reviews.module';
import { ComingSoonModule } from './schedule/coming-soon';
import { ScheduleModule } from './schedule/schedule-runner';
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
        // The admin's title writes announce through the outbox (issue 29 §1); the seed and the importer publish directly.
        OutboxModule.forService({
          imports: [CatalogueDataModule],
          inject: [MoviesRepository, SeriesRepository, EpisodesRepository],
          settled: settledChecks,
        }),
        MoviesModule,
        SeriesModule,
        ReviewsModule,
        RatingsModule,
        ComingSoonModule,
        ...(consumeEvents ? [MediaEventsModule, ReviewEventsModule, ScheduleModule] : []),
      ],
    };
  }
}
