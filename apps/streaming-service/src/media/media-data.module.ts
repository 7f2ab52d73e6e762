import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ENV } from '@app/server-core';
import type { Env } from '../env';
import { AssetRecord, AssetSchema } from './asset.schema';
import { AssetsRepository } from './assets.repository';
import { MEDIA_STORE } from './media-store';
import { openMediaStore } from './media-store.config';

/**
 * The service's media storage: the asset records and the media store (the local dir, or the bucket when
 * MEDIA_S3_BUCKET is set). Ingest, samples and delivery import this module (delivery calls
 * `AssetsRepository.findPlayable` and reads files through `MEDIA_STORE`).
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: AssetRecord.name, schema: AssetSchema }])],
  providers: [
    AssetsRepository,
    { provide: MEDIA_STORE, inject: [ENV], useFactory: (env: Env) => openMediaStore(env) },
  ],
  exports: [AssetsRepository, MEDIA_STORE],
})
export class MediaDataModule {}
