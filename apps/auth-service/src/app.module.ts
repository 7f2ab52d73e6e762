import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule, MailModule } from '@app/server-core';
import { AccountsModule } from './accounts/accounts.module';
import { AdminActionsModule } from './admin-actions/admin-actions.module';
import { AuditEventsModule } from './audit/audit-events.consumer';
import { AuditModule } from './audit/audit.module';
import { EmailVerificationModule } from './email-verification/email-verification.module';
import { Env } from './env';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { SessionsModule } from './sessions/sessions.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  /** `consumeEvents: false` for the seed command, which must not take the service's events. */
  static register(env: Env, { consumeEvents = true }: { consumeEvents?: boolean } = {}): DynamicModule {
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
        ...(consumeEvents ? [AuditEventsModule] : []),
        AdminActionsModule,
      ],
    };
  }
}
