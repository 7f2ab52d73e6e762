import { Types } from 'mongoose';
import { AdminMessages, AuthMessages, ErrorCode, Role, UserStatus } from '@app/contracts';
import { AppError } from '@app/server-core';
import type { StoredUser } from './users.repository';
import { refusal as refusalOf, storedUser, usersOverMemory } from './users.testing';

const stored = storedUser;
const setUp = usersOverMemory;
const refusal = (promise: Promise<unknown>) => refusalOf<AppError>(promise);

describe('UsersService removal (admin remove and own deletion share it)', () => {
  it('removes the account, drops its OTP and email-keyed limits, then announces user.deleted', async () => {
    const viewer = stored();
    const { service, table, otps, limiter, events } = setUp(viewer);
    await service.erase(viewer);
    expect(table.has(viewer._id.toHexString())).toBe(false);
    expect(otps.remove).toHaveBeenCalledWith(viewer.email);
    expect(limiter.forgetEmail).toHaveBeenCalledWith(viewer.email);
    expect(events.publish).toHaveBeenCalledWith('user.deleted', { userId: viewer._id.toHexString() });
    // Its sessions ended with it: so do their streams (DECISIONS 35).
    expect(events.publish).toHaveBeenCalledWith('session.revoked', {
      userId: viewer._id.toHexString(),
      sessionId: null,
    });
  });

  it('names a verified email in user.deleted, so its contact messages go too (DECISIONS 32, 33); never an unproved one', async () => {
    const [verified, unverified] = [stored({ emailVerified: true }), stored({ emailVerified: false })];
    const { service, events } = setUp(verified, unverified);
    await service.erase(verified);
    await service.erase(unverified);
    expect(events.publish).toHaveBeenCalledWith('user.deleted', {
      userId: verified._id.toHexString(),
      verifiedEmail: verified.email,
    });
    expect(events.publish).toHaveBeenCalledWith('user.deleted', { userId: unverified._id.toHexString() });
  });

  it('refuses the last admin (409) and leaves them an admin, with nothing announced', async () => {
    const admin = stored({ role: Role.Admin });
    const { service, table, events, otps } = setUp(admin, stored());
    expect(await refusal(service.erase(admin))).toEqual(
      new AppError(ErrorCode.Conflict, AdminMessages.lastAdmin),
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
    ).resolves.toBeUndefined();
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

describe('UsersService: never the last active admin (DECISIONS 34)', () => {
  const idOf = (user: StoredUser) => user._id.toHexString();

  it.each([
    ['demoting', { role: Role.User }],
    ['suspending', { status: UserStatus.Suspended }],
    ['banning', { status: UserStatus.Banned }],
  ] as const)(
    'refuses %s the only active admin (409), changes nothing and ends no session',
    async (_, change) => {
      const [actor, only] = [
        stored({ role: Role.Admin, status: UserStatus.Suspended }),
        stored({ role: Role.Admin }),
      ];
      const { service, table, events } = setUp(actor, only);
      const ids = { actorId: idOf(actor), userId: idOf(only) };
      const attempt =
        'role' in change ? service.changeRole({ ...ids, ...change }) : service.update({ ...ids, ...change });
      expect(await refusal(attempt)).toEqual(new AppError(ErrorCode.Conflict, AdminMessages.lastAdmin));
      expect(table.get(idOf(only))).toMatchObject({
        role: Role.Admin,
        status: UserStatus.Active,
        tokenVersion: 0,
      });
      expect(events.publish).not.toHaveBeenCalled();
    },
  );

  it('a suspended admin does not count: the one active admin stays, whoever else holds the role', async () => {
    const [active, suspended] = [
      stored({ role: Role.Admin }),
      stored({ role: Role.Admin, status: UserStatus.Suspended }),
    ];
    const { service, admins } = setUp(active, suspended, stored());
    await service.changeRole({ actorId: idOf(active), userId: idOf(suspended), role: Role.User });
    expect(
      await refusal(
        service.update({ actorId: idOf(suspended), userId: idOf(active), status: UserStatus.Banned }),
      ),
    ).toMatchObject({ code: ErrorCode.Conflict, message: AdminMessages.lastAdmin });
    expect(admins()).toEqual([expect.objectContaining({ _id: active._id })]);
  });

  it('two admins demoting each other at the same moment: one of them stays an active admin', async () => {
    const [first, second] = [stored({ role: Role.Admin }), stored({ role: Role.Admin })];
    const { service, admins } = setUp(first, second);
    const results = await Promise.allSettled([
      service.changeRole({ actorId: idOf(first), userId: idOf(second), role: Role.User }),
      service.changeRole({ actorId: idOf(second), userId: idOf(first), role: Role.User }),
    ]);
    expect(results.filter((result) => result.status === 'rejected')).not.toHaveLength(0);
    expect(admins().length).toBeGreaterThan(0);
  });

  it('suspending and banning two admins at once, the third suspended: one active admin remains, a refused change is undone', async () => {
    const [a, b] = [stored({ role: Role.Admin }), stored({ role: Role.Admin })];
    const c = stored({ role: Role.Admin, status: UserStatus.Suspended });
    const { service, admins } = setUp(a, b, c);
    const results = await Promise.allSettled([
      service.update({ actorId: idOf(c), userId: idOf(a), status: UserStatus.Suspended }),
      service.update({ actorId: idOf(c), userId: idOf(b), status: UserStatus.Banned }),
    ]);
    const applied = results.filter((result) => result.status === 'fulfilled').length;
    expect(applied).toBeLessThan(2);
    expect(admins()).toHaveLength(2 - applied);
  });

  it('lets an active admin go while another active admin remains', async () => {
    const [stays, goes] = [stored({ role: Role.Admin }), stored({ role: Role.Admin })];
    const { service, table } = setUp(stays, goes);
    await expect(
      service.changeRole({ actorId: idOf(stays), userId: idOf(goes), role: Role.User }),
    ).resolves.toMatchObject({ role: Role.User });
    expect(table.get(idOf(goes))?.role).toBe(Role.User);
  });

  it('decides again when the target changed between the read and the write', async () => {
    const [stays, target] = [
      stored({ role: Role.Admin }),
      stored({ role: Role.Admin, status: UserStatus.Suspended }),
    ];
    const { service, users, table } = setUp(stays, target);
    // Someone reactivates the target between the service's read and its write.
    const conditional = users.updateWhile.getMockImplementation();
    users.updateWhile.mockImplementationOnce(async (...args) => {
      table.set(idOf(target), { ...target, status: UserStatus.Active });
      return conditional ? conditional(...args) : null;
    });
    await service.update({ actorId: idOf(stays), userId: idOf(target), status: UserStatus.Banned });
    expect(users.updateWhile).toHaveBeenCalledTimes(2);
    expect(users.updateWhile.mock.calls.map(([, wasActiveAdmin]) => wasActiveAdmin)).toEqual([false, true]);
    expect(table.get(idOf(target))?.status).toBe(UserStatus.Banned);
  });
});

describe('UsersService: a ban ends every session, a suspension keeps them (DECISIONS 34)', () => {
  it('a ban bumps the token version; suspending and reactivating do not', async () => {
    const [admin, viewer] = [stored({ role: Role.Admin }), stored()];
    const { service, table } = setUp(admin, viewer);
    const ids = { actorId: admin._id.toHexString(), userId: viewer._id.toHexString() };
    await service.update({ ...ids, status: UserStatus.Suspended });
    await service.update({ ...ids, status: UserStatus.Active });
    expect(table.get(ids.userId)?.tokenVersion).toBe(0);
    await service.update({ ...ids, status: UserStatus.Banned });
    expect(table.get(ids.userId)).toMatchObject({ status: UserStatus.Banned, tokenVersion: 1 });
  });

  it('announces the ban’s end of every session (session.revoked, all); a suspension announces none', async () => {
    const [admin, viewer] = [stored({ role: Role.Admin }), stored()];
    const { service, events } = setUp(admin, viewer);
    const ids = { actorId: admin._id.toHexString(), userId: viewer._id.toHexString() };
    const revocations = () =>
      (events.publish.mock.calls as unknown as Array<[string, unknown]>).filter(
        ([type]) => type === 'session.revoked',
      );
    await service.update({ ...ids, status: UserStatus.Suspended });
    expect(revocations()).toEqual([]);
    await service.update({ ...ids, status: UserStatus.Banned });
    expect(revocations()).toEqual([['session.revoked', { userId: ids.userId, sessionId: null }]]);
  });
});
