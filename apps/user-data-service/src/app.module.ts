import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule, MailModule } from '@app/server-core';
import { AnalyticsModule } from './analytics/analytics.module';
import { ContactsModule } from './contacts/contacts.module';
import { DataRightsModule } from './data-rights/data-rights.module';
import { Env } from './env';
import { UserDataEventsModule } from './events/user-data-events.consumer';
import { FavoritesModule } from './favorites/favorites.module';
import { HistoryModule } from './history/history.module';
import { SettingsModule } from './settings/settings.module';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forService('user-data-service', env),
        EventsModule.forPublisher(),
        MailModule,
        ContactsModule,
        HistoryModule,
        FavoritesModule,
        SettingsModule,
        AnalyticsModule,
        DataRightsModule,
        UserDataEventsModule,
      ],
    };
  }
}
