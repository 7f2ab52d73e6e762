import { Module } from '@nestjs/common';
import { PaymentsDataModule } from '../data/payments-data.module';
import { PlansModule } from '../plans/plans.module';
import { InvoicesService } from './invoices.service';

/** GST tax invoices and credit notes: issued by the receipt and refund paths, read by Billing. */
@Module({
  imports: [PaymentsDataModule, PlansModule],
  providers: [InvoicesService],
  exports: [InvoicesService],
})
export class InvoicesModule {}
