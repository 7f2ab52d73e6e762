import { Module } from '@nestjs/common';
import { CatalogueDataModule } from '../data/catalogue-data.module';
import { TmdbClient } from './tmdb.client';
import { TmdbImporter } from './tmdb-importer';

/** Not part of the running service: the import command (and its tests) add it to the app. */
@Module({
  imports: [CatalogueDataModule],
  providers: [TmdbClient, TmdbImporter],
  exports: [TmdbImporter],
})
export class ImportModule {}
