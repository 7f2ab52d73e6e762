import { Module } from '@nestjs/common';
import { OtpStore } from './otp.store';

/** The OTP store alone: the reset flow uses it, and deleting an account drops the account's OTP. */
@Module({ providers: [OtpStore], exports: [OtpStore] })
export class OtpModule {}
