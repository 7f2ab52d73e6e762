import { Module } from '@nestjs/common';
import { PaymentsDataModule } from '../data/payments-data.module';
import { PlansModule } from '../plans/plans.module';
import { RenewalRemindersScheduler } from './renewal-reminders.scheduler';
import { RenewalRemindersService } from './renewal-reminders.service';

@Module({
  imports: [PaymentsDataModule, PlansModule],
  providers: [RenewalRemindersService, RenewalRemindersScheduler],
  exports: [RenewalRemindersService],
})
export class RemindersModule {}
