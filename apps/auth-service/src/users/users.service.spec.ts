import { Types } from 'mongoose';
import { AuthMessages, ErrorCode, Role, UserStatus } from '@app/contracts';
import { AppError } from '@app/server-core';
import type { EventBus } from '@app/server-core';
import type { OtpStore } from '../password-reset/otp.store';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { StoredUser, UserChanges, UsersRepository } from './users.repository';
import { UserMessages, UsersService } from './users.service';

const stored = (changes: Partial<StoredUser> = {}): StoredUser =>
  ({
    _id: new Types.ObjectId(),
    username: 'asha',
    email: `asha-${Math.random().toString(36).slice(2)}@example.in`,
    passwordHash: 'hash',
    role: Role.User,
    status: UserStatus.Active,
    tokenVersion: 0,
    createdAt: new Date('2026-01-01'),
    ...changes,
  }) as StoredUser;

/** The service over an in-memory users table: the rules, not Mongo or Redis. */
const setUp = (...rows: StoredUser[]) => {
  const table = new Map(rows.map((row) => [row._id.toHexString(), row]));
  const users = {
    findById: jest.fn(async (id: string) => table.get(id) ?? null),
    update: jest.fn(async (id: string, changes: UserChanges) => {
      const row = table.get(id);
      if (!row) return null;
      const updated = { ...row, ...changes };
      table.set(id, updated);
      return updated;
    }),
    remove: jest.fn(async (id: string) => table.delete(id)),
    countAdmins: jest.fn(async () => [...table.values()].filter((row) => row.role === Role.Admin).length),
  };
  const otps = { remove: jest.fn(async () => undefined) };
  const limiter = { forgetEmail: jest.fn(async () => undefined) };
  const events = { publish: jest.fn(async () => 'event-id') };
  const service = new UsersService(
    users as unknown as UsersRepository,
    otps as unknown as OtpStore,
    limiter as unknown as RateLimiter,
    events as unknown as EventBus,
  );
  return { service, table, users, otps, limiter, events };
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

describe('UsersService removal (admin remove and own deletion share it)', () => {
  it('removes the account, drops its OTP and email-keyed limits, then announces user.deleted', async () => {
    const viewer = stored();
    const { service, table, otps, limiter, events } = setUp(viewer);
    await service.erase(viewer);
    expect(table.has(viewer._id.toHexString())).toBe(false);
    expect(otps.remove).toHaveBeenCalledWith(viewer.email);
    expect(limiter.forgetEmail).toHaveBeenCalledWith(viewer.email);
    expect(events.publish).toHaveBeenCalledWith('user.deleted', { userId: viewer._id.toHexString() });
  });

  it('refuses the last admin (409) and leaves them an admin, with nothing announced', async () => {
    const admin = stored({ role: Role.Admin });
    const { service, table, events, otps } = setUp(admin, stored());
    expect(await refusal(service.erase(admin))).toEqual(
      new AppError(ErrorCode.Conflict, UserMessages.lastAdmin),
    );
    expect(table.get(admin._id.toHexString())?.role).toBe(Role.Admin);
    expect(events.publish).not.toHaveBeenCalled();
    expect(otps.remove).not.toHaveBeenCalled();
  });

  it('lets an admin go while another admin remains', async () => {
    const [leaving, staying] = [stored({ role: Role.Admin }), stored({ role: Role.Admin })];
    const { service, table } = setUp(leaving, staying);
    await service.erase(leaving);
    expect([...table.values()]).toEqual([staying]);
  });

  it('of two last admins leaving at once, at least one stays an admin', async () => {
    const [first, second] = [stored({ role: Role.Admin }), stored({ role: Role.Admin })];
    const { service, table } = setUp(first, second);
    const results = await Promise.allSettled([service.erase(first), service.erase(second)]);
    expect(results.some((result) => result.status === 'rejected')).toBe(true);
    expect([...table.values()].filter((row) => row.role === Role.Admin).length).toBeGreaterThan(0);
  });

  it('admin remove: refuses removing oneself (409) and an unknown id (404), announcing nothing', async () => {
    const admin = stored({ role: Role.Admin });
    const { service, events } = setUp(admin);
    const id = admin._id.toHexString();
    expect(await refusal(service.remove({ actorId: id, userId: id }))).toEqual(
      new AppError(ErrorCode.Conflict, AuthMessages.cannotDeleteSelf),
    );
    expect(
      await refusal(service.remove({ actorId: id, userId: new Types.ObjectId().toHexString() })),
    ).toMatchObject({ code: ErrorCode.NotFound });
    expect(events.publish).not.toHaveBeenCalled();
  });

  it('admin remove goes through the same removal', async () => {
    const [admin, viewer] = [stored({ role: Role.Admin }), stored()];
    const { service, limiter, events } = setUp(admin, viewer);
    await expect(
      service.remove({ actorId: admin._id.toHexString(), userId: viewer._id.toHexString() }),
    ).resolves.toEqual({ removed: true });
    expect(limiter.forgetEmail).toHaveBeenCalledWith(viewer.email);
    expect(events.publish).toHaveBeenCalledWith('user.deleted', { userId: viewer._id.toHexString() });
  });
});

describe('UsersService.update and email verification (DECISIONS 33)', () => {
  it('an admin giving the account a new email makes it unverified again', async () => {
    const [admin, viewer] = [stored({ role: Role.Admin }), stored({ emailVerified: true })];
    const { service } = setUp(admin, viewer);
    const updated = await service.update({
      actorId: admin._id.toHexString(),
      userId: viewer._id.toHexString(),
      email: 'new-address@example.in',
    });
    expect(updated).toMatchObject({ email: 'new-address@example.in', emailVerified: false });
  });

  it('the same email, or other changes, leave the verification alone', async () => {
    const [admin, viewer] = [stored({ role: Role.Admin }), stored({ emailVerified: true })];
    const { service } = setUp(admin, viewer);
    const ids = { actorId: admin._id.toHexString(), userId: viewer._id.toHexString() };
    expect(await service.update({ ...ids, email: viewer.email })).toMatchObject({ emailVerified: true });
    expect(await service.update({ ...ids, username: 'Asha R' })).toMatchObject({ emailVerified: true });
  });
});
