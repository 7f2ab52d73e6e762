import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, MailModule } from '@app/server-core';
import { ContactsModule } from './contacts/contacts.module';
import { Env } from './env';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forService({ service: 'user-data-service', mongoUri: env.MONGODB_URI, mongoDb: env.MONGODB_DB, redisUrl: env.REDIS_URL }),
        MailModule.forRoot({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.OUTBOX_DIR }),
        ContactsModule.register(env.SUPPORT_EMAIL),
      ],
    };
  }
}
