import { Module } from '@nestjs/common';
import { CatalogueDataModule } from '../data/catalogue-data.module';
import { MovieRatingClient } from './movie-rating.client';
import { RatingsController } from './ratings.controller';
import { RatingsService } from './ratings.service';

@Module({
  imports: [CatalogueDataModule],
  controllers: [RatingsController],
  providers: [RatingsService, MovieRatingClient],
})
export class RatingsModule {}
