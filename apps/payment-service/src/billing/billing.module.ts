import { Module } from '@nestjs/common';
import { PaymentsDataModule } from '../data/payments-data.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { PlansModule } from '../plans/plans.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';

@Module({
  imports: [PaymentsDataModule, InvoicesModule, SubscriptionsModule, PlansModule],
  controllers: [BillingController],
  providers: [BillingService],
})
export class BillingModule {}
