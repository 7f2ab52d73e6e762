import { Module } from '@nestjs/common';
import { PaymentsDataModule } from '../data/payments-data.module';
import { PlansModule } from '../plans/plans.module';
import { ReceiptsService } from './receipts.service';

@Module({
  imports: [PaymentsDataModule, PlansModule],
  providers: [ReceiptsService],
  exports: [ReceiptsService],
})
export class ReceiptsModule {}
