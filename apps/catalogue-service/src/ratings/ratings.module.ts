import { Module } from '@nestjs/common';
import { MoviesModule } from '../movies/movies.module';
import { MovieRatingClient } from './movie-rating.client';
import { RatingsController } from './ratings.controller';
import { RatingsService } from './ratings.service';

@Module({
  imports: [MoviesModule],
  controllers: [RatingsController],
  providers: [RatingsService, MovieRatingClient],
})
export class RatingsModule {}
