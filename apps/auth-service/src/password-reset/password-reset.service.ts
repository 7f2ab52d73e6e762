import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  AuthMessages,
  ErrorCode,
  ForgotPasswordRpc,
  MessageResponse,
  ResetPasswordRpc,
  VerifyOtpRpc,
} from '@app/contracts';
import { AppError, InjectEnv, Mailer } from '@app/server-core';
import type { Env } from '../env';
import { PasswordHasher } from '../passwords/password-hasher';
import { EmailLimitKeys, Limits, RateLimiter } from '../rate-limit/rate-limiter';
import { UsersRepository } from '../users/users.repository';
import { OtpStore } from './otp.store';

/** DECISIONS 17. */
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_WRONG_ATTEMPTS = 5;

/**
 * Three-step reset: mail a 6-digit OTP (stored only as an HMAC, 10 minutes, resend-limited), verify it
 * (5 wrong tries void it), set the new password (all sessions end). Unknown emails get the same answers.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly otps: OtpStore,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    @InjectEnv() private readonly env: Env,
  ) {}

  async requestOtp({ email, clientIp }: ForgotPasswordRpc): Promise<MessageResponse> {
    await this.limiter.consume(`otp-request:ip:${clientIp}`, Limits.otpRequestsPerIp);
    await this.limiter.consume(EmailLimitKeys.otpRequests(email), Limits.otpRequestsPerEmail);
    const user = await this.users.findByEmail(email);
    if (user) {
      const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await this.otps.save(email, this.digest(email, otp), OTP_TTL_SECONDS);
      await this.mailer.send({
        to: email,
        subject: 'Your Streamly password reset code',
        text: `Hello ${user.username},\n\nYour one-time password is ${otp}. It is valid for 10 minutes.\n\nIf you did not ask to reset your password, ignore this email.\n\nStreamly`,
      });
    } else {
      this.logger.log({ msg: 'password reset asked for an unknown email' });
    }
    return { message: AuthMessages.otpSent };
  }

  async verifyOtp({ email, otp, clientIp }: VerifyOtpRpc): Promise<MessageResponse> {
    await this.checkOtp(email, otp, clientIp);
    await this.otps.markVerified(email);
    return { message: AuthMessages.otpVerified };
  }

  async resetPassword({ email, otp, newPassword, clientIp }: ResetPasswordRpc): Promise<MessageResponse> {
    await this.checkOtp(email, otp, clientIp);
    const user = await this.users.findByEmail(email);
    // An OTP exists only for a known email; the user may have been removed since.
    if (!user) throw new AppError(ErrorCode.ValidationFailed, AuthMessages.otpExpired);
    await this.otps.remove(email);
    await this.users.setPassword(user._id.toHexString(), await this.hasher.hash(newPassword), true);
    return { message: AuthMessages.passwordReset };
  }

  private async checkOtp(email: string, otp: string, clientIp: string) {
    await this.limiter.consume(`otp-check:ip:${clientIp}`, Limits.otpChecksPerIp);
    const stored = await this.otps.find(email);
    if (!stored || stored.attempts >= OTP_MAX_WRONG_ATTEMPTS)
      throw new AppError(ErrorCode.ValidationFailed, AuthMessages.otpExpired);
    const expected = Buffer.from(stored.hash, 'hex');
    const given = Buffer.from(this.digest(email, otp), 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) return;
    // The fifth wrong try voids the OTP: from then on even the right one answers "expired".
    await this.otps.recordWrongAttempt(email);
    throw new AppError(ErrorCode.ValidationFailed, AuthMessages.otpInvalid);
  }

  /** A keyed hash: a leaked Redis dump does not give the 10^6 candidates away to a quick brute force. */
  private digest(email: string, otp: string) {
    return createHmac('sha256', this.env.JWT_SECRET).update(`otp:${email}:${otp}`).digest('hex');
  }
}
