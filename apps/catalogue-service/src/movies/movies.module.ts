import { Module } from '@nestjs/common';
import { CatalogueDataModule } from '../data/catalogue-data.module';
import { MovieAdminService } from './movie-admin.service';
import { MoviesController } from './movies.controller';
import { MoviesService } from './movies.service';

@Module({
  imports: [CatalogueDataModule],
  controllers: [MoviesController],
  providers: [MoviesService, MovieAdminService],
  exports: [MovieAdminService],
})
export class MoviesModule {}
