import { forwardRef, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { RatingCache } from '../ratings/rating.cache';
import { ReviewsModule } from '../reviews/reviews.module';
import { MovieAdminService } from './movie-admin.service';
import { MovieListCache } from './movie-list.cache';
import { MovieRecord, MovieSchema } from './movie.schema';
import { MoviesController } from './movies.controller';
import { MoviesRepository } from './movies.repository';
import { MoviesService } from './movies.service';

@Module({
  // Reviews need the movie they belong to, and movie reads show their reviews.
  imports: [MongooseModule.forFeature([{ name: MovieRecord.name, schema: MovieSchema }]), forwardRef(() => ReviewsModule)],
  controllers: [MoviesController],
  providers: [MoviesService, MovieAdminService, MoviesRepository, MovieListCache, RatingCache],
  exports: [MoviesRepository, MovieListCache, RatingCache],
})
export class MoviesModule {}
