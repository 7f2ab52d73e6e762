import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule, MailModule } from '@app/server-core';
import { AccountsModule } from './accounts/accounts.module';
import { ENV, Env } from './env';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { SessionsModule } from './sessions/sessions.module';
import { UsersModule } from './users/users.module';

/** The parsed environment, injectable everywhere as ENV. */
@Module({})
class EnvModule {
  static register(env: Env): DynamicModule {
    return { module: EnvModule, global: true, providers: [{ provide: ENV, useValue: env }], exports: [ENV] };
  }
}

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        EnvModule.register(env),
        CoreModule.forService({ service: 'auth-service', mongoUri: env.MONGODB_URI, mongoDb: env.MONGODB_DB, redisUrl: env.REDIS_URL }),
        EventsModule.forPublisher(),
        MailModule.forRoot({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.OUTBOX_DIR }),
        UsersModule,
        SessionsModule,
        AccountsModule,
        PasswordResetModule,
      ],
    };
  }
}
