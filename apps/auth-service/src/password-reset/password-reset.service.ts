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
import { AppError, InjectEnv, Mailer, mailIn, Outbox } from '@app/server-core';
import { BackgroundTasks } from '../background/background-tasks';
import type { Env } from '../env';
import { PasswordHasher } from '../passwords/password-hasher';
import { clientKey } from '../rate-limit/client-key';
import { AddressLimits, EmailLimitKeys, Limits, RateLimiter } from '../rate-limit/rate-limiter';
import { UsersRepository } from '../users/users.repository';
import { otpMail } from './otp-mail';
import { OtpStore } from './otp.store';

/** DECISIONS 17. */
export const OTP_TTL_SECONDS = 10 * 60;

/**
 * Three-step reset: mail a 6-digit OTP (stored only as an HMAC, 10 minutes, resend-limited), verify it, set the
 * new password (all sessions end, and `session.revoked` says so). Every check takes one of the email's 5 attempts before comparing, across
 * resends (DECISIONS 30); a right code gives its attempt back. Unknown emails get the same answers, as fast.
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
    private readonly background: BackgroundTasks,
    private readonly outbox: Outbox,
    @InjectEnv() private readonly env: Env,
  ) {}

  /**
   * Answers once the limits pass, before anything depends on whether the email exists: the look-up, the OTP and
   * the mail follow the answer, so a known and an unknown email get the same answer after the same work (issue 14).
   */
  async requestOtp({ email, clientIp }: ForgotPasswordRpc): Promise<MessageResponse> {
    await this.limiter.consumeForAddress('otp-request', clientKey(clientIp), AddressLimits.otpRequests);
    await this.limiter.consume(
      EmailLimitKeys.otpRequests(email),
      Limits.otpRequestsPerEmail,
      AuthMessages.otpRequestLimit,
    );
    this.background.run('password reset mail', () => this.mailOtp(email));
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
    await this.limiter.reset(EmailLimitKeys.otpAttempts(email));
    const passwordHash = await this.hasher.hash(newPassword);
    // Every session ends with it (token version): their streams end too (DECISIONS 35).
    await this.outbox.announce(
      { type: 'session.revoked', payload: { userId: user._id.toHexString(), sessionId: null } },
      () => this.users.setPassword(user._id.toHexString(), passwordHash, true),
      (updated) => updated !== null,
    );
    // The mailed code proved the address as well as a verification link would (DECISIONS 33).
    await this.users.markEmailVerified(user._id.toHexString(), email);
    return { message: AuthMessages.passwordReset };
  }

  /**
   * Spends the emailed code of `email` as proof of owning the account for another change (issue 25: resetting a
   * forgotten parental PIN): checked with the same attempts and limits, then gone, so it resets nothing else.
   */
  async redeemOtp(email: string, otp: string, clientIp: string): Promise<void> {
    await this.checkOtp(email, otp, clientIp);
    await this.otps.remove(email);
    await this.limiter.reset(EmailLimitKeys.otpAttempts(email));
  }

  private async mailOtp(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) {
      this.logger.log({ msg: 'password reset asked for an unknown email' });
      return;
    }
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.otps.save(email, this.digest(email, otp), OTP_TTL_SECONDS);
    await this.mailer.send(mailIn(otpMail, user.language, email, { username: user.username, otp }));
  }

  /**
   * The attempt is taken (atomically) before the code is compared, so parallel guesses cannot all pass a "fewer
   * than 5 so far" check; the 6th attempt is refused whatever it carries, until the window ends.
   */
  private async checkOtp(email: string, otp: string, clientIp: string) {
    await this.limiter.consumeForAddress('otp-check', clientKey(clientIp), AddressLimits.otpChecks);
    const attempts = EmailLimitKeys.otpAttempts(email);
    await this.limiter.consume(attempts, Limits.otpAttemptsPerEmail);
    const stored = await this.otps.find(email);
    if (!stored) throw new AppError(ErrorCode.ValidationFailed, AuthMessages.otpExpired);
    const expected = Buffer.from(stored.hash, 'hex');
    const given = Buffer.from(this.digest(email, otp), 'hex');
    if (!(expected.length === given.length && timingSafeEqual(expected, given)))
      throw new AppError(ErrorCode.ValidationFailed, AuthMessages.otpInvalid);
    // Not a guess: verify (step 2) and reset (step 3) both check the same right code.
    await this.limiter.refund(attempts);
  }

  /** A keyed hash: a leaked Redis dump does not give the 10^6 candidates away to a quick brute force. */
  private digest(email: string, otp: string) {
    return createHmac('sha256', this.env.OTP_HMAC_KEY).update(`otp:${email}:${otp}`).digest('hex');
  }
}
