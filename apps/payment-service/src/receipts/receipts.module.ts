import { Module } from '@nestjs/common';
import { PaymentsDataModule } from '../data/payments-data.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { PlansModule } from '../plans/plans.module';
import { ReceiptsService } from './receipts.service';

@Module({
  imports: [PaymentsDataModule, PlansModule, InvoicesModule],
  providers: [ReceiptsService],
  exports: [ReceiptsService],
})
export class ReceiptsModule {}
