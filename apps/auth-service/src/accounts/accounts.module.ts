import { Module } from '@nestjs/common';
import { CaptchaModule } from '../captcha/captcha.module';
import { DevicesModule } from '../devices/devices.module';
import { EmailVerificationModule } from '../email-verification/email-verification.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';

@Module({
  imports: [
    UsersModule,
    SessionsModule,
    DevicesModule,
    CaptchaModule,
    RateLimitModule,
    EmailVerificationModule,
  ],
  controllers: [AccountsController],
  providers: [AccountsService],
  exports: [AccountsService],
})
export class AccountsModule {}
