import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule, MailModule } from '@app/server-core';
import { AccountsModule } from './accounts/accounts.module';
import { AdminActionsModule } from './admin-actions/admin-actions.module';
import { AuditModule } from './audit/audit.module';
import { EmailVerificationModule } from './email-verification/email-verification.module';
import { Env } from './env';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { SessionsModule } from './sessions/sessions.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forService('auth-service', env),
        EventsModule.forPublisher(),
        MailModule,
        UsersModule,
        SessionsModule,
        AccountsModule,
        EmailVerificationModule,
        PasswordResetModule,
        AuditModule,
        AdminActionsModule,
      ],
    };
  }
}
