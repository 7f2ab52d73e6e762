import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { UsersModule } from '../users/users.module';
import { OtpStore } from './otp.store';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';

@Module({
  imports: [UsersModule, RateLimitModule],
  controllers: [PasswordResetController],
  providers: [PasswordResetService, OtpStore],
})
export class PasswordResetModule {}
