import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AuthMessages, ErrorCode } from '@app/contracts';
import type { MessageResponse, VerifyEmailRequest } from '@app/contracts';
import { AppError, InjectEnv, Mailer, mailIn } from '@app/server-core';
import { BackgroundTasks } from '../background/background-tasks';
import type { Env } from '../env';
import { EmailLimitKeys, Limits, RateLimiter } from '../rate-limit/rate-limiter';
import { StoredUser, UsersRepository } from '../users/users.repository';
import { EmailVerificationStore } from './email-verification.store';
import { verificationMail } from './verification-mail';

/** How long a verification link works. */
export const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

/** Where the link of the verification mail leads (the web app's page; the token is 32 random bytes, hex). */
export const verificationLink = (publicUrl: string, token: string) =>
  new URL(`/verify-email?token=${token}`, publicUrl).href;

/**
 * DECISIONS 33: sign-up mails a one-time link; opening it marks the email verified. An unverified account signs in
 * and watches free titles but cannot pay (the gateway's @VerifiedEmail()); the viewer can ask for the mail again.
 */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly store: EmailVerificationStore,
    private readonly users: UsersRepository,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly background: BackgroundTasks,
    @InjectEnv() private readonly env: Env,
  ) {}

  /** Mails a new link after the caller has answered (sign-up, resend). */
  mailLinkLater(user: StoredUser): void {
    this.background.run('verification mail', () => this.mailLink(user));
  }

  /**
   * A fresh link verifies the address it was mailed to (not a new one the account got since). A used link opened
   * again (a reload, the mail clicked twice) says so when that address is still the account's and verified.
   */
  async verify({ token }: VerifyEmailRequest): Promise<MessageResponse> {
    const link = await this.store.take(token);
    if (link && !link.spent && (await this.users.markEmailVerified(link.userId, link.email)))
      return { message: AuthMessages.emailVerified };
    if (link?.spent) {
      const user = await this.users.findById(link.userId);
      if (user?.emailVerified && user.email === link.email)
        return { message: AuthMessages.emailAlreadyVerified };
    }
    throw new AppError(ErrorCode.ValidationFailed, AuthMessages.verificationLinkInvalid);
  }

  async resend(userId: string): Promise<MessageResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw AppError.notFound(AuthMessages.userNotFound);
    if (user.emailVerified) throw new AppError(ErrorCode.Conflict, AuthMessages.emailAlreadyVerified);
    await this.limiter.consume(
      EmailLimitKeys.verificationMails(user.email),
      Limits.verificationMailsPerEmail,
    );
    this.mailLinkLater(user);
    return { message: AuthMessages.verificationSent };
  }

  private async mailLink(user: StoredUser): Promise<void> {
    const token = randomBytes(32).toString('hex');
    await this.store.save(
      token,
      { userId: user._id.toHexString(), email: user.email },
      VERIFICATION_TTL_SECONDS,
    );
    await this.mailer.send(
      mailIn(verificationMail, user.language, user.email, {
        username: user.username,
        link: verificationLink(this.env.PUBLIC_URL, token),
      }),
    );
  }
}
