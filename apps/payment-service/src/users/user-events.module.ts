import { Module } from '@nestjs/common';
import type { EventHandlers } from '@app/server-core';
import { EventsModule, IdempotencyStore } from '@app/server-core';
import { OrdersRepository } from '../orders/orders.repository';
import { PaymentsDataModule } from '../data/payments-data.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';

export const CONSUMER_GROUP = 'payment-service';

/**
 * `user.deleted` (DECISIONS 32): renewals stop at their cycle end, payment records stay (the law keeps them),
 * the personal fields on them go. Both steps are idempotent, so a redelivery is harmless.
 */
export const userEventHandlers = (
  idempotency: IdempotencyStore,
  subscriptions: SubscriptionsService,
  orders: OrdersRepository,
): EventHandlers => ({
  'user.deleted': async (event) => {
    await idempotency.processOnce({ group: CONSUMER_GROUP, eventId: event.id }, async () => {
      await subscriptions.forgetUser(event.payload.userId);
      await orders.forgetPerson(event.payload.userId);
    });
  },
});

@Module({
  imports: [
    EventsModule.forConsumer({
      group: CONSUMER_GROUP,
      imports: [SubscriptionsModule, PaymentsDataModule],
      inject: [IdempotencyStore, SubscriptionsService, OrdersRepository],
      handlers: userEventHandlers as (...deps: never[]) => EventHandlers,
    }),
  ],
})
export class UserEventsModule {}
