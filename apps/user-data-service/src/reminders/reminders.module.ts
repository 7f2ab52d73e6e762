import { Module } from '@nestjs/common';
import { UserDataStoreModule } from '../data/user-data-store.module';
import { RemindersController } from './reminders.controller';
import { RemindersService } from './reminders.service';

@Module({
  imports: [UserDataStoreModule],
  controllers: [RemindersController],
  providers: [RemindersService],
  exports: [RemindersService],
})
export class RemindersModule {}
