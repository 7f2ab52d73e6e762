import { AuthMessages, ErrorCode } from '@app/contracts';
import { AppError } from '@app/server-core';
import { Types } from 'mongoose';
import type { BackgroundTasks } from '../background/background-tasks';
import type { Env } from '../env';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { StoredUser, UsersRepository } from '../users/users.repository';
import { EmailVerificationService } from './email-verification.service';
import type { EmailVerificationStore, TakenLink } from './email-verification.store';

const TOKEN = 'a'.repeat(64);
const userId = new Types.ObjectId().toHexString();
const email = 'asha@example.in';
const account = (changes: Partial<StoredUser> = {}) =>
  ({ _id: new Types.ObjectId(userId), email, emailVerified: true, ...changes }) as StoredUser;

describe('EmailVerificationService.verify', () => {
  const setup = (link: TakenLink | null, user: StoredUser | null) => {
    const store = { take: jest.fn().mockResolvedValue(link) };
    const users = {
      markEmailVerified: jest.fn().mockResolvedValue(user),
      findById: jest.fn().mockResolvedValue(user),
    };
    const service = new EmailVerificationService(
      store as unknown as EmailVerificationStore,
      users as unknown as UsersRepository,
      {} as RateLimiter,
      { send: jest.fn() } as never,
      {} as BackgroundTasks,
      {} as Env,
    );
    return { service, users };
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof AppError ? { code: error.code, message: error.message } : error),
    );

  it('verifies the address a fresh link was mailed to', async () => {
    const { service, users } = setup({ userId, email, spent: false }, account());
    await expect(service.verify({ token: TOKEN })).resolves.toEqual({ message: AuthMessages.emailVerified });
    expect(users.markEmailVerified).toHaveBeenCalledWith(userId, email);
  });

  it('says a used link of a verified address is already verified, without verifying anything again', async () => {
    const { service, users } = setup({ userId, email, spent: true }, account());
    await expect(service.verify({ token: TOKEN })).resolves.toEqual({
      message: AuthMessages.emailAlreadyVerified,
    });
    expect(users.markEmailVerified).not.toHaveBeenCalled();
  });

  it.each([
    ['the account has another address since', account({ email: 'new@example.in' })],
    ['the address is not verified', account({ emailVerified: false })],
    ['the account is gone', null],
  ])('calls a used link invalid when %s', async (_case, user) => {
    const { service } = setup({ userId, email, spent: true }, user);
    expect(await refusal(service.verify({ token: TOKEN }))).toEqual({
      code: ErrorCode.ValidationFailed,
      message: AuthMessages.verificationLinkInvalid,
    });
  });

  it('calls an unknown link, or a fresh one for an address the account no longer has, invalid', async () => {
    for (const [link, user] of [
      [null, account()],
      [{ userId, email, spent: false }, null],
    ] as const) {
      const { service } = setup(link, user);
      expect(await refusal(service.verify({ token: TOKEN }))).toMatchObject({
        message: AuthMessages.verificationLinkInvalid,
      });
    }
  });
});
