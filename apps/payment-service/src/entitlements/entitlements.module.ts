import { Module } from '@nestjs/common';
import { PaymentsDataModule } from '../data/payments-data.module';
import { PlansModule } from '../plans/plans.module';
import { EntitlementsController } from './entitlements.controller';
import { EntitlementsService } from './entitlements.service';

@Module({
  imports: [PaymentsDataModule, PlansModule],
  controllers: [EntitlementsController],
  providers: [EntitlementsService],
  exports: [EntitlementsService],
})
export class EntitlementsModule {}
