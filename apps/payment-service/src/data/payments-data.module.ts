import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { Schema } from 'mongoose';
import { BillingProfileRecord, BillingProfileSchema } from '../billing/billing-profile.schema';
import { BillingProfilesRepository } from '../billing/billing-profiles.repository';
import { AccessFactsCache, announcingWrites } from '../entitlements/access-facts.cache';
import { AccessFactsModule } from '../entitlements/access-facts.module';
import { GrantRecord, GrantSchema } from '../entitlements/grant.schema';
import { GrantsRepository } from '../entitlements/grants.repository';
import { InvoiceRecord, InvoiceSchema } from '../invoices/invoice.schema';
import { InvoicesRepository } from '../invoices/invoices.repository';
import { OrderRecord, OrderSchema } from '../orders/order.schema';
import { OrdersRepository } from '../orders/orders.repository';
import { PaymentRecord, PaymentSchema } from '../payments/payment.schema';
import { PaymentsRepository } from '../payments/payments.repository';
import { PlanRecord, PlanSchema } from '../plans/plan.schema';
import { PlansRepository } from '../plans/plans.repository';
import { PromoClaimRecord, PromoClaimSchema, PromoRecord, PromoSchema } from '../promos/promo.schema';
import { PromosRepository } from '../promos/promos.repository';
import { RenewalReminderRecord, RenewalReminderSchema } from '../reminders/renewal-reminder.schema';
import { RenewalRemindersRepository } from '../reminders/renewal-reminders.repository';
import { ReconcilerRunRecord, ReconcilerRunSchema } from '../reconciler/reconciler-run.schema';
import { ReconcilerRunsRepository } from '../reconciler/reconciler-runs.repository';
import { SubscriptionRecord, SubscriptionSchema } from '../subscriptions/subscription.schema';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { WebhookEventRecord, WebhookEventSchema } from '../webhooks/webhook-event.schema';
import { WebhookEventsRepository } from '../webhooks/webhook-events.repository';

const repositories = [
  PlansRepository,
  OrdersRepository,
  PaymentsRepository,
  SubscriptionsRepository,
  GrantsRepository,
  WebhookEventsRepository,
  ReconcilerRunsRepository,
  InvoicesRepository,
  PromosRepository,
  RenewalRemindersRepository,
  BillingProfilesRepository,
];

/** A model whose every write drops the entitlement facts held on every replica (issue 29 §3). */
const announcing = (name: string, schema: Schema) => ({
  name,
  imports: [AccessFactsModule],
  inject: [AccessFactsCache],
  useFactory: (cache: AccessFactsCache) => announcingWrites(schema, () => cache.changed()),
});

/**
 * The service's storage: every collection and its repository. Feature modules import this, never one another's
 * repositories through their modules, so orders, subscriptions, webhooks and the reconciler form no cycle.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PlanRecord.name, schema: PlanSchema },
      { name: OrderRecord.name, schema: OrderSchema },
      { name: PaymentRecord.name, schema: PaymentSchema },
      { name: WebhookEventRecord.name, schema: WebhookEventSchema },
      { name: ReconcilerRunRecord.name, schema: ReconcilerRunSchema },
      { name: InvoiceRecord.name, schema: InvoiceSchema },
      { name: PromoRecord.name, schema: PromoSchema },
      { name: PromoClaimRecord.name, schema: PromoClaimSchema },
      { name: RenewalReminderRecord.name, schema: RenewalReminderSchema },
      { name: BillingProfileRecord.name, schema: BillingProfileSchema },
    ]),
    // The records an entitlement is decided from: each write through them drops the held facts (issue 29 §3).
    MongooseModule.forFeatureAsync([
      announcing(SubscriptionRecord.name, SubscriptionSchema),
      announcing(GrantRecord.name, GrantSchema),
    ]),
  ],
  providers: repositories,
  exports: repositories,
})
export class PaymentsDataModule {}
