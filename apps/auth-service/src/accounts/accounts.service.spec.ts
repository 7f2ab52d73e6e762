import { Types } from 'mongoose';
import { ErrorCode, FRESH_SIGN_IN_MINUTES, Role, UserStatus, UserDataMessages } from '@app/contracts';
import { AppError } from '@app/server-core';
import type { Outbox } from '@app/server-core';
import type { CaptchaProvider } from '../captcha/captcha.provider';
import type { DevicesService } from '../devices/devices.service';
import type { NewDeviceMail } from '../devices/new-device-mail';
import type { EmailVerificationService } from '../email-verification/email-verification.service';
import type { PasswordHasher } from '../passwords/password-hasher';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { Delays, EmailLimitKeys, SESSION_CLIENT } from '../rate-limit/rate-limiter';
import type { SessionsService } from '../sessions/sessions.service';
import type { StoredUser, UsersRepository } from '../users/users.repository';
import type { UsersService } from '../users/users.service';
import { AccountsService, signedInRecently } from './accounts.service';

const stored = (changes: Partial<StoredUser> = {}): StoredUser =>
  ({
    _id: new Types.ObjectId(),
    username: 'Asha',
    email: 'asha@example.in',
    passwordHash: 'hashed:right password',
    role: Role.User,
    status: UserStatus.Active,
    profileImage: null,
    tokenVersion: 3,
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    ...changes,
  }) as StoredUser;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * The service with its seams faked: a hasher that compares `hashed:<password>`, an attempt limiter that lets
 * `freeAttempts` through per (key, client) and refuses after.
 */
const setUp = (user: StoredUser, freeAttempts = 5) => {
  const taken = new Map<string, number>();
  const limiter = {
    takeAttempt: jest.fn(async (key: string, client: string) => {
      const count = (taken.get(`${key}|${client}`) ?? 0) + 1;
      taken.set(`${key}|${client}`, count);
      if (count > freeAttempts) throw new AppError(ErrorCode.RateLimited, 'Too many attempts');
    }),
  };
  const hasher = { verify: jest.fn(async (hash: string, secret: string) => hash === `hashed:${secret}`) };
  const users = {
    findById: jest.fn(async (id: string) => (id === user._id.toHexString() ? user : null)),
  };
  const usersService = { erase: jest.fn(async () => undefined) };
  const service = new AccountsService(
    users as unknown as UsersRepository,
    hasher as unknown as PasswordHasher,
    {} as SessionsService,
    {} as CaptchaProvider,
    limiter as unknown as RateLimiter,
    {} as Outbox,
    usersService as unknown as UsersService,
    {} as EmailVerificationService,
    {} as DevicesService,
    {} as NewDeviceMail,
  );
  return { service, usersService, limiter, hasher };
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

describe('AccountsService.deleteOwnAccount', () => {
  it('deletes a password account through the one removal path when the password is right', async () => {
    const user = stored();
    const { service, usersService } = setUp(user);
    await expect(
      service.deleteOwnAccount({
        userId: user._id.toHexString(),
        password: 'right password',
        sessionIssuedAt: minutesAgo(600),
      }),
    ).resolves.toEqual({ removed: true });
    expect(usersService.erase).toHaveBeenCalledWith(user);
  });

  it.each([
    ['a wrong password', 'wrong password'],
    ['no password', undefined],
  ])(
    'refuses %s with 403 "Password is incorrect", even on a fresh session, deleting nothing',
    async (_, password) => {
      const user = stored();
      const { service, usersService, limiter } = setUp(user);
      expect(
        await refusal(
          service.deleteOwnAccount({
            userId: user._id.toHexString(),
            password,
            sessionIssuedAt: minutesAgo(0),
          }),
        ),
      ).toEqual(new AppError(ErrorCode.Forbidden, UserDataMessages.wrongPassword));
      expect(usersService.erase).not.toHaveBeenCalled();
      expect(limiter.takeAttempt).toHaveBeenCalledWith(
        EmailLimitKeys.signInAttempts('asha@example.in'),
        SESSION_CLIENT,
        Delays.signIn,
      );
    },
  );

  it('takes the attempt before the password is checked: once the limiter refuses, even the right password is refused (429) unhashed', async () => {
    const user = stored();
    const { service, usersService, hasher } = setUp(user, 2);
    const attempt = (password: string) =>
      service.deleteOwnAccount({ userId: user._id.toHexString(), password, sessionIssuedAt: minutesAgo(1) });
    for (let i = 0; i < 2; i += 1) await refusal(attempt('guess'));
    hasher.verify.mockClear();
    expect((await refusal(attempt('right password')))?.code).toBe(ErrorCode.RateLimited);
    expect(hasher.verify).not.toHaveBeenCalled();
    expect(usersService.erase).not.toHaveBeenCalled();
  });

  it('deletes a Google-only account on a session signed in within the last 10 minutes', async () => {
    const user = stored({ passwordHash: null, googleId: 'g-1' });
    const { service, usersService } = setUp(user);
    await service.deleteOwnAccount({
      userId: user._id.toHexString(),
      sessionIssuedAt: minutesAgo(FRESH_SIGN_IN_MINUTES - 1),
    });
    expect(usersService.erase).toHaveBeenCalledWith(user);
  });

  it('asks a Google-only account on an older session to sign in again (403), deleting nothing', async () => {
    const user = stored({ passwordHash: null, googleId: 'g-1' });
    const { service, usersService } = setUp(user);
    expect(
      await refusal(
        service.deleteOwnAccount({
          userId: user._id.toHexString(),
          password: 'anything',
          sessionIssuedAt: minutesAgo(FRESH_SIGN_IN_MINUTES + 1),
        }),
      ),
    ).toEqual(new AppError(ErrorCode.Forbidden, UserDataMessages.signInAgain));
    expect(usersService.erase).not.toHaveBeenCalled();
  });

  it('answers 404 for an account that is already gone', async () => {
    const { service, usersService } = setUp(stored());
    expect(
      await refusal(
        service.deleteOwnAccount({
          userId: new Types.ObjectId().toHexString(),
          password: 'right password',
          sessionIssuedAt: minutesAgo(1),
        }),
      ),
    ).toMatchObject({ code: ErrorCode.NotFound });
    expect(usersService.erase).not.toHaveBeenCalled();
  });
});

describe('signedInRecently', () => {
  const now = new Date('2026-05-01T12:00:00.000Z');
  it.each([
    ['2026-05-01T11:50:00.000Z', true],
    ['2026-05-01T11:49:59.000Z', false],
    ['2026-05-01T12:00:00.000Z', true],
  ])('a session issued at %s is fresh: %s', (issuedAt, fresh) => {
    expect(signedInRecently(issuedAt, now)).toBe(fresh);
  });
});

describe('AccountsService.exportAccount', () => {
  it('answers the account without its hash, Google id or token version', async () => {
    const user = stored({ googleId: 'g-secret-id', profileImage: 'https://x.in/p.png' });
    const { service } = setUp(user);
    const exported = await service.exportAccount(user._id.toHexString());
    expect(exported).toEqual({
      id: user._id.toHexString(),
      username: 'Asha',
      email: 'asha@example.in',
      role: Role.User,
      status: UserStatus.Active,
      createdAt: '2026-01-01T00:00:00.000Z',
      profileImage: 'https://x.in/p.png',
      hasPassword: true,
      emailVerified: false,
      googleLinked: true,
      // Issue 26: an account from before the language was kept writes in English.
      language: 'en',
    });
    expect(JSON.stringify(exported)).not.toMatch(/hashed|g-secret-id|tokenVersion/);
  });
});
