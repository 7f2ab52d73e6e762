import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule, MailModule, OutboxModule } from '@app/server-core';
import { AccountsModule } from './accounts/accounts.module';
import { AdminActionsModule } from './admin-actions/admin-actions.module';
import { AuditEventsModule } from './audit/audit-events.consumer';
import { AuditModule } from './audit/audit.module';
import { DevicesModule } from './devices/devices.module';
import { EmailVerificationModule } from './email-verification/email-verification.module';
import { Env } from './env';
import { ParentalModule } from './parental/parental.module';
import { ProfilesModule } from './profiles/profiles.module';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { settledChecks } from './outbox/settled-checks';
import { SessionStore } from './sessions/session.store';
import { SessionsModule } from './sessions/sessions.module';
import { UsersModule } from './users/users.module';
import { UsersRepository } from './users/users.repository';

@Module({})
export class AppModule {
  /** `consumeEvents: false` for the seed command, which must not take the service's events. */
  static register(env: Env, { consumeEvents = true }: { consumeEvents?: boolean } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forService('auth-service', env),
        EventsModule.forPublisher(),
        // Every event auth-service emits leaves through its outbox (issue 29 §1).
        OutboxModule.forService({
          imports: [UsersModule, SessionsModule],
          inject: [UsersRepository, SessionStore],
          settled: settledChecks,
        }),
        MailModule,
        UsersModule,
        SessionsModule,
        AccountsModule,
        DevicesModule,
        ProfilesModule,
        ParentalModule,
        EmailVerificationModule,
        PasswordResetModule,
        AuditModule,
        ...(consumeEvents ? [AuditEventsModule] : []),
        AdminActionsModule,
      ],
    };
  }
}
