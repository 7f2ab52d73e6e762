import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule, MailModule, OutboxModule } from '@app/server-core';
import { AdminModule } from './admin/admin.module';
import { BillingModule } from './billing/billing.module';
import { CheckoutModule } from './checkout/checkout.module';
import { PaymentsDataModule } from './data/payments-data.module';
import { GrantsRepository } from './entitlements/grants.repository';
import { EntitlementsModule } from './entitlements/entitlements.module';
import { Env } from './env';
import { OrdersModule } from './orders/orders.module';
import { settledChecks } from './outbox/settled-checks';
import { PaymentsRepository } from './payments/payments.repository';
import { PlansModule } from './plans/plans.module';
import { PromosModule } from './promos/promos.module';
import { RemindersModule } from './reminders/reminders.module';
import { RazorpayModule } from './razorpay/razorpay.module';
import { ReconcilerModule } from './reconciler/reconciler.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { SubscriptionsRepository } from './subscriptions/subscriptions.repository';
import { UserDataModule } from './users/user-data.module';
import { UserEventsModule } from './users/user-events.consumer';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forService('payment-service', env),
        EventsModule.forPublisher(),
        // Every event payment-service emits leaves through its outbox (issue 29 §1).
        OutboxModule.forService({
          imports: [PaymentsDataModule],
          inject: [PaymentsRepository, GrantsRepository, SubscriptionsRepository],
          settled: settledChecks,
        }),
        MailModule,
        RazorpayModule,
        PlansModule,
        EntitlementsModule,
        OrdersModule,
        SubscriptionsModule,
        CheckoutModule,
        WebhooksModule,
        ReconcilerModule,
        AdminModule,
        UserDataModule,
        UserEventsModule,
        BillingModule,
        PromosModule,
        RemindersModule,
      ],
    };
  }
}
