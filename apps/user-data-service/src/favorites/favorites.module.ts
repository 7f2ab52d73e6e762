import { Module } from '@nestjs/common';
import { UserDataStoreModule } from '../data/user-data-store.module';
import { TitlesModule } from '../titles/titles.module';
import { FavoritesController } from './favorites.controller';
import { FavoritesService } from './favorites.service';

@Module({
  imports: [UserDataStoreModule, TitlesModule],
  controllers: [FavoritesController],
  providers: [FavoritesService],
  exports: [FavoritesService],
})
export class FavoritesModule {}
