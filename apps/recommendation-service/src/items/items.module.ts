import { Module } from '@nestjs/common';
import { RecoStoreModule } from '../data/reco-store.module';
import { ItemCatalogue } from './item-catalogue';
import { ItemsService } from './items.service';

@Module({
  imports: [RecoStoreModule],
  providers: [ItemsService, ItemCatalogue],
  exports: [ItemsService, ItemCatalogue],
})
export class ItemsModule {}
