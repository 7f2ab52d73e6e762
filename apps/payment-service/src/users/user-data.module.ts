import { Module } from '@nestjs/common';
import { PaymentsDataModule } from '../data/payments-data.module';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { UserDataController } from './user-data.controller';
import { UserDataService } from './user-data.service';

@Module({
  imports: [PaymentsDataModule, SubscriptionsModule, EntitlementsModule],
  controllers: [UserDataController],
  providers: [UserDataService],
  exports: [UserDataService],
})
export class UserDataModule {}
