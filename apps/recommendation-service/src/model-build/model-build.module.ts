import { Module } from '@nestjs/common';
import { RecoStoreModule } from '../data/reco-store.module';
import { ItemsModule } from '../items/items.module';
import { ModelBuilder } from './model-builder';
import { ModelStore } from './model-store';

@Module({
  imports: [RecoStoreModule, ItemsModule],
  providers: [ModelBuilder, ModelStore],
  exports: [ModelStore],
})
export class ModelBuildModule {}
