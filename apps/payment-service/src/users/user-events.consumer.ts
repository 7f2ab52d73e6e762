import { Module } from '@nestjs/common';
import type { EventHandlers } from '@app/server-core';
import { EventsModule, IdempotencyStore } from '@app/server-core';
import { UserDataModule } from './user-data.module';
import { UserDataService } from './user-data.service';

export const CONSUMER_GROUP = 'payment-service';

/**
 * `user.deleted` (DECISIONS 32): renewals stop at their cycle end, payment records stay (the law keeps them)
 * without the personal fields. `user.updated`: the email, name and language on the payer's records follow the account.
 * Every step is idempotent, so a redelivery is harmless.
 */
export const userEventHandlers = (
  idempotency: IdempotencyStore,
  userData: UserDataService,
): EventHandlers => ({
  'user.updated': async (event) => {
    const { userId, email, username, language } = event.payload;
    // An event stored before issue 26 names no language: the records keep theirs.
    await userData.updatePerson(userId, { email, name: username, ...(language ? { language } : {}) });
  },
  'user.deleted': async (event) => {
    await idempotency.processOnce({ group: CONSUMER_GROUP, eventId: event.id }, () =>
      userData.forget(event.payload.userId),
    );
  },
});

@Module({
  imports: [
    UserDataModule,
    EventsModule.forConsumer({
      group: CONSUMER_GROUP,
      imports: [UserDataModule],
      inject: [IdempotencyStore, UserDataService],
      handlers: userEventHandlers,
    }),
  ],
})
export class UserEventsModule {}
