import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MovieListCache } from '../movies/movie-list.cache';
import { MovieRecord, MovieSchema } from '../movies/movie.schema';
import { MoviesRepository } from '../movies/movies.repository';
import { RatingCache } from '../ratings/rating.cache';
import { ReviewRecord, ReviewSchema } from '../reviews/review.schema';
import { ReviewsRepository } from '../reviews/reviews.repository';
import { EpisodeRecord, EpisodeSchema } from '../series/episode.schema';
import { EpisodesRepository } from '../series/episodes.repository';
import { SeriesRecord, SeriesSchema } from '../series/series.schema';
import { SeriesRepository } from '../series/series.repository';
import { ScheduleQueue } from '../schedule/schedule.queue';
import { ClassificationMigration } from '../titles/classification-migration';

const repositories = [MoviesRepository, ReviewsRepository, SeriesRepository, EpisodesRepository];

/**
 * The catalogue's storage: every collection, their repositories and the Redis caches. Movies, series, reviews,
 * ratings, media and the importer each import this, never one another (reviews need their movie, a playable id
 * may be a movie's or an episode's), so the feature modules form no cycle.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: MovieRecord.name, schema: MovieSchema },
      { name: ReviewRecord.name, schema: ReviewSchema },
      { name: SeriesRecord.name, schema: SeriesSchema },
      { name: EpisodeRecord.name, schema: EpisodeSchema },
    ]),
  ],
  providers: [...repositories, MovieListCache, RatingCache, ClassificationMigration, ScheduleQueue],
  exports: [...repositories, MovieListCache, RatingCache, ScheduleQueue],
})
export class CatalogueDataModule {}
