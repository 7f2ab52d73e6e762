import { createHash, randomBytes } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { Types } from 'mongoose';
import { AuthMessages, Classification, ErrorCode, ProfileKind, Role, UserStatus } from '@app/contracts';
import { AppError } from '@app/server-core';
import { memoryOutbox } from '@app/server-testing';
import { defaultProfileOf } from '../profiles/household';
import type { StoredUser, UsersRepository } from '../users/users.repository';
import type { IssuedOAuthCode, SessionDevice, SessionStore } from './session.store';
import { LAST_SEEN_EVERY_MS, SessionsService } from './sessions.service';

const user = (changes: Partial<StoredUser> = {}): StoredUser =>
  ({
    _id: new Types.ObjectId(),
    username: 'asha',
    email: 'asha@example.in',
    role: Role.User,
    status: UserStatus.Active,
    tokenVersion: 0,
    createdAt: new Date('2026-01-01'),
    ...changes,
  }) as StoredUser;

/** Sessions over an in-memory store and repository: the rules, not Redis or Mongo. */
const setUp = (stored: StoredUser) => {
  const sessions = new Map<string, string>();
  const codes = new Map<string, IssuedOAuthCode>();
  const seen = new Map<string, number>();
  const store = {
    save: jest.fn(async (id: string, userId: string, _ttl: number, device: SessionDevice, now: number) => {
      sessions.set(id, userId);
      seen.set(device.id, now);
    }),
    lookup: jest.fn(async (id: string, _userId: string, deviceId: string) => ({
      owner: sessions.get(id) ?? null,
      lastSeenAt: seen.get(deviceId) ?? null,
    })),
    touch: jest.fn(
      async (_userId: string, deviceId: string, _id: string, now: number) => void seen.set(deviceId, now),
    ),
    userOf: jest.fn(async (id: string) => sessions.get(id) ?? null),
    revoke: jest.fn(async (id: string) => {
      const owner = sessions.get(id) ?? null;
      sessions.delete(id);
      return owner;
    }),
    saveOAuthCode: jest.fn(async (code: string, issued: IssuedOAuthCode) => void codes.set(code, issued)),
    takeOAuthCode: jest.fn(async (code: string) => {
      const issued = codes.get(code) ?? null;
      codes.delete(code);
      return issued;
    }),
  } as unknown as SessionStore;
  let current = stored;
  const users = {
    findById: jest.fn(async (id: string) => (id === current._id.toHexString() ? current : null)),
  } as unknown as UsersRepository;
  const events = { publish: jest.fn(async () => 'event-id') };
  const service = new SessionsService(
    new JwtService({ secret: 'a'.repeat(32) }),
    store,
    users,
    memoryOutbox(events).outbox,
  );
  return {
    service,
    events,
    store,
    change: (changes: Partial<StoredUser>) => (current = { ...current, ...changes }),
  };
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

describe('SessionsService', () => {
  it('resolves a token it issued to the current user', async () => {
    const stored = user();
    const { service } = setUp(stored);
    const resolved = await service.resolve(await service.issue(stored));
    expect(resolved).toMatchObject({
      id: stored._id.toHexString(),
      role: Role.User,
      status: UserStatus.Active,
    });
  });

  it('applies a role change on the next request, without a new token', async () => {
    const stored = user();
    const { service, change } = setUp(stored);
    const token = await service.issue(stored);
    change({ role: Role.Admin });
    expect((await service.resolve(token)).role).toBe(Role.Admin);
  });

  it.each([
    [UserStatus.Suspended, AuthMessages.suspended],
    [UserStatus.Banned, AuthMessages.banned],
  ])('refuses a %s account on its next request', async (status, message) => {
    const stored = user();
    const { service, change } = setUp(stored);
    const token = await service.issue(stored);
    change({ status });
    expect(await refusal(service.resolve(token))).toEqual(new AppError(ErrorCode.Forbidden, message));
  });

  it('refuses a revoked session (logout)', async () => {
    const stored = user();
    const { service } = setUp(stored);
    const token = await service.issue(stored);
    await service.revoke((await service.resolve(token)).sessionId);
    expect(await refusal(service.resolve(token))).toEqual(
      new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired),
    );
  });

  it('announces a sign-out as session.revoked of that session, once (its streams end: DECISIONS 35)', async () => {
    const stored = user();
    const { service, events } = setUp(stored);
    const { sessionId } = await service.resolve(await service.issue(stored));
    await service.revoke(sessionId);
    await service.revoke(sessionId);
    await service.revoke('never-issued');
    expect(events.publish.mock.calls).toEqual([
      ['session.revoked', { userId: stored._id.toHexString(), sessionId }],
    ]);
  });

  it('refuses tokens from before a password reset (token version bumped)', async () => {
    const stored = user();
    const { service, change } = setUp(stored);
    const token = await service.issue(stored);
    change({ tokenVersion: 1 });
    expect((await refusal(service.resolve(token)))?.code).toBe(ErrorCode.Unauthorized);
  });

  describe('profiles (DECISIONS 36)', () => {
    const household = () => {
      const stored = user();
      const kids = {
        ...defaultProfileOf({ ...stored, username: 'Chotu' }),
        _id: new Types.ObjectId(),
        kind: ProfileKind.Kids,
        maturityCeiling: Classification.U,
      };
      return { stored, kids, profiles: [defaultProfileOf(stored), kids] };
    };

    it('resolves a token from before profiles to the default profile, whose id is the account id', async () => {
      const stored = user();
      const { service } = setUp(stored);
      expect((await service.resolve(await service.issue(stored))).profile).toEqual({
        id: stored._id.toHexString(),
        kind: ProfileKind.Standard,
        maturityCeiling: Classification.A,
        name: stored.username,
      });
    });

    it("resolves a sign-in's token (no profile named) to none when the account has several profiles (issue 25)", async () => {
      const { stored, profiles } = household();
      const { service } = setUp({ ...stored, profiles });
      const resolved = await service.resolve(await service.issue(stored));
      expect(resolved.id).toBe(stored._id.toHexString());
      expect(resolved).not.toHaveProperty('profile');
    });

    it("resolves a selected profile's token to that profile and its ceiling, and ends it once the profile is deleted", async () => {
      const { stored, kids, profiles } = household();
      const { service, change } = setUp({ ...stored, profiles });
      const token = await service.issue(stored, kids._id.toHexString());
      expect((await service.resolve(token)).profile).toEqual({
        id: kids._id.toHexString(),
        kind: ProfileKind.Kids,
        maturityCeiling: Classification.U,
        name: 'Chotu',
      });
      change({ profiles: [profiles[0]] });
      expect(await refusal(service.resolve(token))).toEqual(
        new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired),
      );
    });
  });

  describe('devices (issue 27)', () => {
    const signIn = {
      signIn: { label: 'Chrome on Windows', browser: 'Chrome', os: 'Windows', fingerprint: 'x' },
    };

    it('gives every sign-in a new device, and a profile select the device of the session that asked', async () => {
      const stored = user();
      const { service, store } = setUp(stored);
      const first = await service.resolve(await service.issue(stored, undefined, signIn));
      const second = await service.resolve(await service.issue(stored, undefined, signIn));
      expect(first.deviceId).not.toBe(second.deviceId);
      const selected = await service.resolve(
        await service.issue(stored, undefined, { deviceId: first.deviceId ?? '' }),
      );
      expect(selected.deviceId).toBe(first.deviceId);
      expect(selected.sessionId).not.toBe(first.sessionId);
      expect(jest.mocked(store.save).mock.calls.map(([, , , device]) => device.fresh)).toEqual([
        true,
        true,
        false,
      ]);
    });

    it('counts a token from before devices (no did) as its own device, named by its session id', async () => {
      const stored = user();
      const { service, store } = setUp(stored);
      await store.save('old-session', stored._id.toHexString(), 60, { id: 'ignored' } as SessionDevice, 0);
      const legacy = await new JwtService({ secret: 'a'.repeat(32) }).signAsync({
        sub: stored._id.toHexString(),
        jti: 'old-session',
        ver: 0,
      });
      expect((await service.resolve(legacy)).deviceId).toBe('old-session');
      expect(store.touch).toHaveBeenCalledWith(
        stored._id.toHexString(),
        'old-session',
        'old-session',
        expect.any(Number),
        expect.objectContaining({ label: 'Unknown device' }),
        expect.any(Number),
      );
    });

    it('moves "last seen" at most every 5 minutes', async () => {
      const stored = user();
      const { service, store } = setUp(stored);
      const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
      try {
        const token = await service.issue(stored, undefined, signIn);
        await service.resolve(token);
        now.mockReturnValue(1_000_000 + LAST_SEEN_EVERY_MS - 1);
        await service.resolve(token);
        expect(store.touch).not.toHaveBeenCalled();
        now.mockReturnValue(1_000_000 + LAST_SEEN_EVERY_MS);
        await service.resolve(token);
        expect(store.touch).toHaveBeenCalledTimes(1);
      } finally {
        now.mockRestore();
      }
    });
  });

  it('refuses a token signed with another secret', async () => {
    const stored = user();
    const { service } = setUp(stored);
    const forged = await new JwtService({ secret: 'b'.repeat(32) }).signAsync({
      sub: stored._id.toHexString(),
      jti: 'x',
      ver: 0,
    });
    expect((await refusal(service.resolve(forged)))?.code).toBe(ErrorCode.Unauthorized);
  });

  describe('one-time OAuth codes, bound to the browser that came back from Google', () => {
    const binding = () => randomBytes(32).toString('base64url');
    const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

    it('redeems the code once, with the nonce whose hash it was issued with', async () => {
      const stored = user();
      const { service } = setUp(stored);
      const nonce = binding();
      const code = await service.issueOAuthCode(stored, hashOf(nonce));
      expect((await service.redeemOAuthCode(code, nonce))._id).toBe(stored._id);
      expect(await refusal(service.redeemOAuthCode(code, nonce))).toEqual(
        new AppError(ErrorCode.Unauthorized, AuthMessages.oauthCodeInvalid),
      );
    });

    it('refuses the code from another browser (another nonce), and spends it: the right browser cannot use it after', async () => {
      const stored = user();
      const { service } = setUp(stored);
      const nonce = binding();
      const code = await service.issueOAuthCode(stored, hashOf(nonce));
      expect(await refusal(service.redeemOAuthCode(code, binding()))).toEqual(
        new AppError(ErrorCode.Unauthorized, AuthMessages.oauthCodeInvalid),
      );
      expect((await refusal(service.redeemOAuthCode(code, nonce)))?.code).toBe(ErrorCode.Unauthorized);
    });
  });
});
