import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule, MailModule, OutboxModule } from '@app/server-core';
import { AnalyticsModule } from './analytics/analytics.module';
import { ContactsModule } from './contacts/contacts.module';
import { DataRightsModule } from './data-rights/data-rights.module';
import { UserDataStoreModule } from './data/user-data-store.module';
import { Env } from './env';
import { UserDataEventsModule } from './events/user-data-events.consumer';
import { FavoritesModule } from './favorites/favorites.module';
import { FavoritesRepository } from './favorites/favorites.repository';
import { HistoryModule } from './history/history.module';
import { HistoryRepository } from './history/history.repository';
import { settledChecks } from './outbox/settled-checks';
import { RemindersModule } from './reminders/reminders.module';
import { SettingsModule } from './settings/settings.module';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forService('user-data-service', env),
        EventsModule.forPublisher(),
        // Every event user-data-service emits but the audit trail leaves through its outbox (issue 29 §1).
        OutboxModule.forService({
          imports: [UserDataStoreModule],
          inject: [FavoritesRepository, HistoryRepository],
          settled: settledChecks,
        }),
        MailModule,
        ContactsModule,
        HistoryModule,
        FavoritesModule,
        SettingsModule,
        AnalyticsModule,
        DataRightsModule,
        RemindersModule,
        UserDataEventsModule,
      ],
    };
  }
}
