import { Module } from '@nestjs/common';
import { PaymentsDataModule } from '../data/payments-data.module';
import { PaymentEventsPublisher } from '../payments/payment-events.publisher';
import { PlansModule } from '../plans/plans.module';
import { EntitlementsController } from './entitlements.controller';
import { EntitlementsService } from './entitlements.service';

@Module({
  imports: [PaymentsDataModule, PlansModule],
  controllers: [EntitlementsController],
  providers: [EntitlementsService, PaymentEventsPublisher],
  exports: [EntitlementsService, PaymentEventsPublisher],
})
export class EntitlementsModule {}
