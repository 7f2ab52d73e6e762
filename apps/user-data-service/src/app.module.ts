import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, MailModule } from '@app/server-core';
import { ContactsModule } from './contacts/contacts.module';
import { Env } from './env';
import { HistoryModule } from './history/history.module';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forService('user-data-service', env), MailModule, ContactsModule, HistoryModule],
    };
  }
}
