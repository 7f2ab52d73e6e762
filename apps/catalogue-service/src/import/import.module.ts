import { Module } from '@nestjs/common';
import { MoviesModule } from '../movies/movies.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { TmdbClient } from './tmdb.client';
import { TmdbImporter } from './tmdb-importer';

/** Not part of the running service: the import command (and its tests) add it to the app. */
@Module({
  imports: [MoviesModule, ReviewsModule],
  providers: [TmdbClient, TmdbImporter],
  exports: [TmdbImporter],
})
export class ImportModule {}
