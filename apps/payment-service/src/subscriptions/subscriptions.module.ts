import { Module } from '@nestjs/common';
import { PaymentsDataModule } from '../data/payments-data.module';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { PaymentsModule } from '../payments/payments.module';
import { PlansModule } from '../plans/plans.module';
import { PromosModule } from '../promos/promos.module';
import { ReceiptsModule } from '../receipts/receipts.module';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

@Module({
  imports: [
    PaymentsDataModule,
    PlansModule,
    EntitlementsModule,
    ReceiptsModule,
    PaymentsModule,
    PromosModule,
  ],
  controllers: [SubscriptionsController],
  providers: [SubscriptionsService],
  exports: [SubscriptionsService],
})
export class SubscriptionsModule {}
