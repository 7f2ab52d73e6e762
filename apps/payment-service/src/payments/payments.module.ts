import { Module } from '@nestjs/common';
import { PaymentsDataModule } from '../data/payments-data.module';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { PromosModule } from '../promos/promos.module';
import { ReceiptsModule } from '../receipts/receipts.module';
import { RefundsService } from './refunds.service';
import { SettlementService } from './settlement.service';

/** Settling title payments and refunds; used by verify, webhooks, the reconciler and the admin console alike. */
@Module({
  imports: [PaymentsDataModule, EntitlementsModule, ReceiptsModule, InvoicesModule, PromosModule],
  providers: [SettlementService, RefundsService],
  exports: [SettlementService, RefundsService],
})
export class PaymentsModule {}
