import { Module } from '@nestjs/common';
import { CaptchaModule } from '../captcha/captcha.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';

@Module({
  imports: [UsersModule, SessionsModule, CaptchaModule, RateLimitModule],
  controllers: [AccountsController],
  providers: [AccountsService],
  exports: [AccountsService],
})
export class AccountsModule {}
