import { Types } from 'mongoose';
import {
  AdminActionKind,
  AdminActionStatus,
  AdminMessages,
  AuditAction,
  AuditOutcome,
  ErrorCode,
  Role,
  UserStatus,
} from '@app/contracts';
import type { AdminAction, UserRef } from '@app/contracts';
import { AppError } from '@app/server-core';
import type { AuditEntryRecord } from '../audit/audit-entry.schema';
import type { AuditLogRepository } from '../audit/audit-log.repository';
import { AuditLogService } from '../audit/audit-log.service';
import type { StoredUser } from '../users/users.repository';
import { refusal as refusalOf, storedUser, usersOverMemory } from '../users/users.testing';
import type {
  AdminActionsRepository,
  Decision,
  NewAdminAction,
  StoredAdminAction,
} from './admin-actions.repository';
import { AdminActionsService } from './admin-actions.service';

const refusal = (promise: Promise<unknown>) => refusalOf<AppError>(promise);
const idOf = (user: StoredUser) => user._id.toHexString();

/** The rules over in-memory users, requests and audit log, each with the conditional writes its repository has. */
const setUp = (...rows: StoredUser[]) => {
  const users = usersOverMemory(...rows);
  const requests = new Map<string, StoredAdminAction>();
  const put = (action: StoredAdminAction) => {
    requests.set(action._id.toHexString(), action);
    return action;
  };
  const isOpen = (action: StoredAdminAction, now: Date) =>
    action.status === AdminActionStatus.Pending && action.expiresAt > now;
  const actions = {
    create: jest.fn(async (action: NewAdminAction) => {
      const taken = [...requests.values()].some(
        (other) => other.targetId === action.targetId && other.status === AdminActionStatus.Pending,
      );
      if (taken) return null;
      return put({
        ...action,
        _id: new Types.ObjectId(),
        status: AdminActionStatus.Pending,
        decidedById: null,
        decidedByUsername: null,
        decidedAt: null,
        reason: null,
      });
    }),
    findById: jest.fn(async (id: string) => requests.get(id) ?? null),
    findPendingFor: jest.fn(
      async (targetId: string) =>
        [...requests.values()].find(
          (action) => action.targetId === targetId && action.status === AdminActionStatus.Pending,
        ) ?? null,
    ),
    listPending: jest.fn(async (now: Date) => [...requests.values()].filter((action) => isOpen(action, now))),
    closeExpired: jest.fn(async (targetId: string, now: Date) => {
      for (const action of requests.values())
        if (
          action.targetId === targetId &&
          action.status === AdminActionStatus.Pending &&
          action.expiresAt <= now
        )
          put({ ...action, status: AdminActionStatus.Expired });
    }),
    decide: jest.fn(
      async (id: string, decision: Decision, by: UserRef, now: Date, notRequestedBy?: string) => {
        const action = requests.get(id);
        if (!action || !isOpen(action, now) || action.requestedById === notRequestedBy) return null;
        return put({
          ...action,
          status: decision,
          decidedById: by.id,
          decidedByUsername: by.username,
          decidedAt: now,
        });
      },
    ),
    markRefused: jest.fn(async (id: string, reason: string) => {
      const action = requests.get(id);
      return action ? put({ ...action, status: AdminActionStatus.Refused, reason }) : null;
    }),
  };
  const log: AuditEntryRecord[] = [];
  const auditRepository = {
    append: jest.fn(async (entry: AuditEntryRecord) => void log.push(entry)),
  } as unknown as AuditLogRepository;
  const service = new AdminActionsService(
    users.repository,
    users.service,
    actions as unknown as AdminActionsRepository,
    new AuditLogService(auditRepository, users.repository),
  );
  /** Moves a request's expiry into the past, as 24 hours passing would. */
  const expire = (id: string) => {
    const action = requests.get(id);
    if (action) put({ ...action, expiresAt: new Date(Date.now() - 1000) });
  };
  return { service, users, requests, actions, log, expire };
};

const pendingOf = (outcome: { outcome: string; action?: AdminAction }) => {
  if (outcome.outcome !== 'pending' || !outcome.action) throw new Error('expected a pending request');
  return outcome.action;
};

describe('AdminActionsService: acting on another admin waits for a second admin (DECISIONS 34)', () => {
  const threeAdmins = () => {
    const [root, deputy, third] = [
      storedUser({ role: Role.Admin, username: 'root' }),
      storedUser({ role: Role.Admin, username: 'deputy' }),
      storedUser({ role: Role.Admin, username: 'third' }),
    ];
    return { root, deputy, third, ...setUp(root, deputy, third, storedUser({ username: 'viewer' })) };
  };

  it('demoting another admin: a pending request, the admin unchanged, logged as pending', async () => {
    const { service, root, deputy, users, log } = threeAdmins();
    const action = pendingOf(
      await service.changeRole({ actorId: idOf(root), userId: idOf(deputy), role: Role.User }),
    );
    expect(action).toMatchObject({
      kind: AdminActionKind.Demote,
      status: AdminActionStatus.Pending,
      target: { id: idOf(deputy), username: 'deputy' },
      requestedBy: { id: idOf(root), username: 'root' },
      decidedBy: null,
    });
    expect(Date.parse(action.expiresAt) - Date.parse(action.requestedAt)).toBe(24 * 60 * 60 * 1000);
    expect(users.table.get(idOf(deputy))?.role).toBe(Role.Admin);
    expect(log).toEqual([
      expect.objectContaining({
        action: AuditAction.RoleChange,
        actorId: idOf(root),
        targetId: idOf(deputy),
        detail: 'admin → user',
        outcome: AuditOutcome.Pending,
        actionId: action.id,
      }),
    ]);
  });

  it.each([
    ['banning', AdminActionKind.Ban],
    ['removing', AdminActionKind.Remove],
  ])('%s another admin waits too', async (_, kind) => {
    const { service, root, deputy, users } = threeAdmins();
    const ids = { actorId: idOf(root), userId: idOf(deputy) };
    const outcome =
      kind === AdminActionKind.Ban
        ? await service.updateUser({ ...ids, status: UserStatus.Banned })
        : await service.removeUser(ids);
    expect(pendingOf(outcome).kind).toBe(kind);
    expect(users.table.get(idOf(deputy))).toMatchObject({ role: Role.Admin, status: UserStatus.Active });
    expect(users.events.publish).not.toHaveBeenCalled();
  });

  it('promoting a user waits for a second admin (DECISIONS 34); another admin confirms and the user is an admin', async () => {
    const { service, root, deputy, users, log } = threeAdmins();
    const viewer = [...users.table.values()].find((user) => user.username === 'viewer') as StoredUser;
    const action = pendingOf(
      await service.changeRole({ actorId: idOf(root), userId: idOf(viewer), role: Role.Admin }),
    );
    expect(action).toMatchObject({ kind: AdminActionKind.Promote, target: { id: idOf(viewer) } });
    expect(users.table.get(idOf(viewer))?.role).toBe(Role.User);
    expect(await refusal(service.confirm({ actorId: idOf(root), actionId: action.id }))).toEqual(
      new AppError(ErrorCode.Forbidden, AdminMessages.cannotConfirmOwn),
    );
    await service.confirm({ actorId: idOf(deputy), actionId: action.id });
    expect(users.table.get(idOf(viewer))?.role).toBe(Role.Admin);
    expect(
      log.map(({ action: what, outcome, detail, before, after }) => [what, outcome, detail, before, after]),
    ).toEqual([
      [AuditAction.RoleChange, AuditOutcome.Pending, 'user → admin', 'role user', 'role admin'],
      [
        AuditAction.Confirm,
        AuditOutcome.Refused,
        'promote (asked by root)',
        'request pending',
        'request confirmed',
      ],
      [
        AuditAction.Confirm,
        AuditOutcome.Applied,
        'promote (asked by root)',
        'request pending',
        'request confirmed',
      ],
    ]);
  });

  it('the only active admin promotes at once: there is no second admin to confirm it', async () => {
    const root = storedUser({ role: Role.Admin, username: 'root' });
    const viewer = storedUser({ username: 'viewer' });
    const retired = storedUser({ role: Role.Admin, username: 'retired', status: UserStatus.Suspended });
    const { service, users } = setUp(root, viewer, retired);
    expect(
      await service.changeRole({ actorId: idOf(root), userId: idOf(viewer), role: Role.Admin }),
    ).toMatchObject({ outcome: 'applied', user: { role: Role.Admin } });
    expect(users.table.get(idOf(viewer))?.role).toBe(Role.Admin);
  });

  it('a non-admin is changed at once, as before: banned (sessions ended), removed; each logged as applied', async () => {
    const { service, root, users, log } = threeAdmins();
    const viewer = [...users.table.values()].find((user) => user.username === 'viewer') as StoredUser;
    const ids = { actorId: idOf(root), userId: idOf(viewer) };
    expect(await service.updateUser({ ...ids, status: UserStatus.Banned })).toMatchObject({
      outcome: 'applied',
      user: { status: UserStatus.Banned },
    });
    expect(users.table.get(idOf(viewer))?.tokenVersion).toBe(1);
    expect(await service.removeUser(ids)).toEqual({ outcome: 'applied' });
    expect(users.table.has(idOf(viewer))).toBe(false);
    expect(log.map(({ action, outcome, detail }) => [action, outcome, detail])).toEqual([
      [AuditAction.StatusChange, AuditOutcome.Applied, 'status active → banned'],
      [AuditAction.Remove, AuditOutcome.Applied, `remove user ${viewer.email}`],
    ]);
  });

  it('suspending another admin applies at once (reversible), under the last-admin rule', async () => {
    const { service, root, deputy, users } = threeAdmins();
    expect(
      await service.updateUser({ actorId: idOf(root), userId: idOf(deputy), status: UserStatus.Suspended }),
    ).toMatchObject({ outcome: 'applied', user: { status: UserStatus.Suspended } });
    expect(users.table.get(idOf(deputy))?.tokenVersion).toBe(0);
  });

  it('refuses a ban of an admin mixed with other edits (400), stores and logs nothing', async () => {
    const { service, root, deputy, requests, log } = threeAdmins();
    expect(
      await refusal(
        service.updateUser({
          actorId: idOf(root),
          userId: idOf(deputy),
          status: UserStatus.Banned,
          username: 'x',
        }),
      ),
    ).toEqual(new AppError(ErrorCode.ValidationFailed, AdminMessages.banAlone));
    expect(requests.size).toBe(0);
    expect(log).toEqual([]);
  });

  it('asking again answers the open request; another kind on the same admin is refused (409)', async () => {
    const { service, root, deputy, third, requests } = threeAdmins();
    const first = pendingOf(
      await service.changeRole({ actorId: idOf(root), userId: idOf(deputy), role: Role.User }),
    );
    const again = pendingOf(
      await service.changeRole({ actorId: idOf(third), userId: idOf(deputy), role: Role.User }),
    );
    expect(again.id).toBe(first.id);
    expect(await refusal(service.removeUser({ actorId: idOf(root), userId: idOf(deputy) }))).toEqual(
      new AppError(ErrorCode.Conflict, AdminMessages.alreadyPending),
    );
    expect(requests.size).toBe(1);
  });

  it('the admin who asked cannot confirm (403): it stays pending, and the refusal is logged', async () => {
    const { service, root, deputy, users, log } = threeAdmins();
    const action = pendingOf(await service.removeUser({ actorId: idOf(root), userId: idOf(deputy) }));
    expect(await refusal(service.confirm({ actorId: idOf(root), actionId: action.id }))).toEqual(
      new AppError(ErrorCode.Forbidden, AdminMessages.cannotConfirmOwn),
    );
    expect((await service.listPending()).map(({ id }) => id)).toEqual([action.id]);
    expect(users.table.has(idOf(deputy))).toBe(true);
    expect(log.at(-1)).toMatchObject({
      action: AuditAction.Confirm,
      actorId: idOf(root),
      outcome: AuditOutcome.Refused,
      reason: AdminMessages.cannotConfirmOwn,
      detail: 'remove (asked by root)',
    });
  });

  it('another admin confirms: the change runs, the request is confirmed by them, both steps logged', async () => {
    const { service, root, deputy, third, users, log } = threeAdmins();
    const action = pendingOf(
      await service.changeRole({ actorId: idOf(root), userId: idOf(deputy), role: Role.User }),
    );
    const confirmed = await service.confirm({ actorId: idOf(third), actionId: action.id });
    expect(confirmed).toMatchObject({
      id: action.id,
      status: AdminActionStatus.Confirmed,
      decidedBy: { id: idOf(third), username: 'third' },
    });
    expect(users.table.get(idOf(deputy))?.role).toBe(Role.User);
    expect(await service.listPending()).toEqual([]);
    expect(log.map(({ action: what, outcome }) => [what, outcome])).toEqual([
      [AuditAction.RoleChange, AuditOutcome.Pending],
      [AuditAction.Confirm, AuditOutcome.Applied],
    ]);
  });

  it('a confirmed ban ends every session of the banned admin', async () => {
    const { service, root, deputy, third, users } = threeAdmins();
    const action = pendingOf(
      await service.updateUser({ actorId: idOf(root), userId: idOf(deputy), status: UserStatus.Banned }),
    );
    await service.confirm({ actorId: idOf(third), actionId: action.id });
    expect(users.table.get(idOf(deputy))).toMatchObject({ status: UserStatus.Banned, tokenVersion: 1 });
  });

  it('the confirmation checks the last-admin rule again: refused (409), the request closed as refused', async () => {
    const { service, root, deputy, users, log } = threeAdmins();
    const action = pendingOf(
      await service.changeRole({ actorId: idOf(root), userId: idOf(deputy), role: Role.User }),
    );
    // Meanwhile the others were suspended: the deputy is the one active admin left.
    for (const user of users.table.values())
      if (user.role === Role.Admin && user._id !== deputy._id)
        users.table.set(idOf(user), { ...user, status: UserStatus.Suspended });
    expect(await refusal(service.confirm({ actorId: idOf(deputy), actionId: action.id }))).toEqual(
      new AppError(ErrorCode.Conflict, AdminMessages.lastAdmin),
    );
    expect(users.table.get(idOf(deputy))).toMatchObject({ role: Role.Admin, status: UserStatus.Active });
    expect(await service.listPending()).toEqual([]);
    expect(await refusal(service.confirm({ actorId: idOf(deputy), actionId: action.id }))).toMatchObject({
      code: ErrorCode.Conflict,
      message: AdminMessages.actionClosed,
    });
    expect(log.find((entry) => entry.action === AuditAction.Confirm)).toMatchObject({
      outcome: AuditOutcome.Refused,
      reason: AdminMessages.lastAdmin,
    });
  });

  it('an expired request cannot be confirmed (409) or cancelled; the admin can be asked about again', async () => {
    const { service, root, deputy, third, users, expire } = threeAdmins();
    const action = pendingOf(
      await service.changeRole({ actorId: idOf(root), userId: idOf(deputy), role: Role.User }),
    );
    expire(action.id);
    expect(await service.listPending()).toEqual([]);
    for (const decide of [service.confirm.bind(service), service.cancel.bind(service)])
      expect(await refusal(decide({ actorId: idOf(third), actionId: action.id }))).toEqual(
        new AppError(ErrorCode.Conflict, AdminMessages.actionExpired),
      );
    expect(users.table.get(idOf(deputy))?.role).toBe(Role.Admin);
    const fresh = pendingOf(
      await service.changeRole({ actorId: idOf(root), userId: idOf(deputy), role: Role.User }),
    );
    expect(fresh.id).not.toBe(action.id);
  });

  it('a cancelled request cannot be confirmed; the requester or another admin may cancel', async () => {
    const { service, root, deputy, third, users } = threeAdmins();
    const mine = pendingOf(await service.removeUser({ actorId: idOf(root), userId: idOf(deputy) }));
    expect(await service.cancel({ actorId: idOf(root), actionId: mine.id })).toMatchObject({
      status: AdminActionStatus.Cancelled,
      decidedBy: { id: idOf(root) },
    });
    expect(await refusal(service.confirm({ actorId: idOf(third), actionId: mine.id }))).toEqual(
      new AppError(ErrorCode.Conflict, AdminMessages.actionClosed),
    );
    const again = pendingOf(await service.removeUser({ actorId: idOf(root), userId: idOf(deputy) }));
    expect(await service.cancel({ actorId: idOf(third), actionId: again.id })).toMatchObject({
      status: AdminActionStatus.Cancelled,
      decidedBy: { id: idOf(third) },
    });
    expect(users.table.has(idOf(deputy))).toBe(true);
  });

  it('two admins confirming at once: the change runs once, the other is told it is closed', async () => {
    const { service, root, deputy, third, users } = threeAdmins();
    const fourth = storedUser({ role: Role.Admin, username: 'fourth' });
    users.table.set(idOf(fourth), fourth);
    const action = pendingOf(await service.removeUser({ actorId: idOf(root), userId: idOf(deputy) }));
    const results = await Promise.allSettled([
      service.confirm({ actorId: idOf(third), actionId: action.id }),
      service.confirm({ actorId: idOf(fourth), actionId: action.id }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(users.users.remove).toHaveBeenCalledTimes(1);
    expect(users.events.publish).toHaveBeenCalledWith('user.deleted', { userId: idOf(deputy) });
  });

  it('an unknown request is 404, and not logged', async () => {
    const { service, root, log } = threeAdmins();
    expect(
      await refusal(service.confirm({ actorId: idOf(root), actionId: new Types.ObjectId().toHexString() })),
    ).toMatchObject({ code: ErrorCode.NotFound, message: AdminMessages.actionNotFound });
    expect(log).toEqual([]);
  });
});
