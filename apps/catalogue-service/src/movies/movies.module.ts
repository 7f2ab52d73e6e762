import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MovieListCache } from './movie-list.cache';
import { MovieRecord, MovieSchema } from './movie.schema';
import { MoviesController } from './movies.controller';
import { MoviesRepository } from './movies.repository';
import { MoviesService } from './movies.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: MovieRecord.name, schema: MovieSchema }])],
  controllers: [MoviesController],
  providers: [MoviesService, MoviesRepository, MovieListCache],
  exports: [MoviesRepository, MovieListCache],
})
export class MoviesModule {}
