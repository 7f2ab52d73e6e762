import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { FavoritesModule } from '../favorites/favorites.module';
import { HistoryModule } from '../history/history.module';
import { RemindersModule } from '../reminders/reminders.module';
import { SettingsModule } from '../settings/settings.module';
import { DataRightsController } from './data-rights.controller';
import { DataRightsService } from './data-rights.service';

@Module({
  imports: [HistoryModule, FavoritesModule, SettingsModule, ContactsModule, RemindersModule],
  controllers: [DataRightsController],
  providers: [DataRightsService],
  exports: [DataRightsService],
})
export class DataRightsModule {}
