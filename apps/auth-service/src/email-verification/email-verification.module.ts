import { Module } from '@nestjs/common';
import { BackgroundModule } from '../background/background.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { UsersModule } from '../users/users.module';
import { EmailVerificationController } from './email-verification.controller';
import { EmailVerificationService } from './email-verification.service';
import { EmailVerificationStore } from './email-verification.store';

@Module({
  imports: [UsersModule, RateLimitModule, BackgroundModule],
  controllers: [EmailVerificationController],
  providers: [EmailVerificationService, EmailVerificationStore],
  exports: [EmailVerificationService],
})
export class EmailVerificationModule {}
