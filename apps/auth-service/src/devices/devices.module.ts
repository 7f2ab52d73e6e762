import { Module } from '@nestjs/common';
import { BackgroundModule } from '../background/background.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { DevicesController } from './devices.controller';
import { DevicesService } from './devices.service';
import { NewDeviceMail } from './new-device-mail';

@Module({
  imports: [SessionsModule, UsersModule, BackgroundModule],
  controllers: [DevicesController],
  providers: [DevicesService, NewDeviceMail],
  exports: [DevicesService, NewDeviceMail],
})
export class DevicesModule {}
