import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MovieListCache } from '../movies/movie-list.cache';
import { MovieRecord, MovieSchema } from '../movies/movie.schema';
import { MoviesRepository } from '../movies/movies.repository';
import { RatingCache } from '../ratings/rating.cache';
import { ReviewRecord, ReviewSchema } from '../reviews/review.schema';
import { ReviewsRepository } from '../reviews/reviews.repository';

/**
 * The catalogue's storage: both collections, their repositories and the Redis caches. Movies, reviews,
 * ratings and the importer each import this, never one another (reviews need their movie, movie reads
 * show reviews), so the feature modules form no cycle.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: MovieRecord.name, schema: MovieSchema },
      { name: ReviewRecord.name, schema: ReviewSchema },
    ]),
  ],
  providers: [MoviesRepository, ReviewsRepository, MovieListCache, RatingCache],
  exports: [MoviesRepository, ReviewsRepository, MovieListCache, RatingCache],
})
export class CatalogueDataModule {}
