import { Module } from '@nestjs/common';
import { PaymentsDataModule } from '../data/payments-data.module';
import { PaymentsModule } from '../payments/payments.module';
import { PromosModule } from '../promos/promos.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { ReconcileScheduler } from './reconcile.scheduler';
import { ReconcilerService } from './reconciler.service';

@Module({
  imports: [PaymentsDataModule, PaymentsModule, PromosModule, SubscriptionsModule],
  providers: [ReconcilerService, ReconcileScheduler],
  exports: [ReconcilerService],
})
export class ReconcilerModule {}
