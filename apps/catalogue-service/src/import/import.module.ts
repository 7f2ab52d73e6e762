import { Module } from '@nestjs/common';
import { CatalogueDataModule } from '../data/catalogue-data.module';
import { TmdbClient } from './tmdb.client';
import { TmdbImporter } from './tmdb-importer';
import { TmdbSeriesImporter } from './tmdb-series-importer';

/** Not part of the running service: the import command (and its tests) add it to the app. */
@Module({
  imports: [CatalogueDataModule],
  providers: [TmdbClient, TmdbImporter, TmdbSeriesImporter],
  exports: [TmdbImporter, TmdbSeriesImporter],
})
export class ImportModule {}
