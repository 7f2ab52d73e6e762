import { Module } from '@nestjs/common';
import { CatalogueDataModule } from '../data/catalogue-data.module';
import { SeriesAdminService } from './series-admin.service';
import { SeriesController } from './series.controller';
import { SeriesService } from './series.service';

@Module({
  imports: [CatalogueDataModule],
  controllers: [SeriesController],
  providers: [SeriesService, SeriesAdminService],
  exports: [SeriesAdminService],
})
export class SeriesModule {}
