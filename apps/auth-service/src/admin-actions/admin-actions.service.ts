import { Injectable } from '@nestjs/common';
import {
  ADMIN_ACTION_TTL_HOURS,
  AdminActionKind,
  AdminActionStatus,
  AdminMessages,
  AuditAction,
  AuditOutcome,
  AuthMessages,
  ErrorCode,
  Role,
  UserStatus,
} from '@app/contracts';
import type {
  AdminAction,
  AdminActionDecisionRpc,
  ChangeRoleRpc,
  RemovalOutcome,
  RemoveUserRpc,
  UpdateUserRpc,
  UserChangeOutcome,
  UserRef,
} from '@app/contracts';
import { AppError } from '@app/server-core';
import { AuditLogService, type AuditRecord } from '../audit/audit-log.service';
import { StoredUser, UsersRepository } from '../users/users.repository';
import { isActiveAdmin, UsersService } from '../users/users.service';
import { toAdminAction } from './admin-action.mapper';
import { AdminActionsRepository, Decision, StoredAdminAction } from './admin-actions.repository';

const TTL_MS = ADMIN_ACTION_TTL_HOURS * 60 * 60 * 1000;
/** More open requests than this at once would be an incident, not a list to page through. */
const PENDING_LIST_LIMIT = 100;

type Pending = { outcome: 'pending'; action: AdminAction };
type Audited = Pick<AuditRecord, 'actor' | 'action' | 'target' | 'detail' | 'before' | 'after' | 'actionId'>;
type Result = Pick<AuditRecord, 'outcome' | 'actionId'>;

const refOf = (user: StoredUser): UserRef => ({ id: user._id.toHexString(), username: user.username });

/** An admin acting on an admin other than themselves (DECISIONS 34: that waits for a second admin). */
const isAnotherAdmin = (actorId: string, target: StoredUser) =>
  target.role === Role.Admin && target._id.toHexString() !== actorId;

const KIND_TEXT: Record<AdminActionKind, string> = {
  [AdminActionKind.Promote]: 'promote',
  [AdminActionKind.Demote]: 'demote',
  [AdminActionKind.Ban]: 'ban',
  [AdminActionKind.Remove]: 'remove',
};

/** The fields an edit changes: detail "status active → banned", before "status active", after "status banned". */
const describeUpdate = (target: StoredUser, changes: Omit<UpdateUserRpc, 'actorId' | 'userId'>) => {
  const changed = (
    [
      ['status', target.status, changes.status],
      ['username', target.username, changes.username],
      ['email', target.email, changes.email],
    ] as const
  ).filter(([, before, after]) => after !== undefined && after !== before);
  const side = (pick: (change: (typeof changed)[number]) => string | undefined) =>
    changed.map((change) => `${change[0]} ${pick(change)}`).join('; ') || null;
  return {
    detail:
      changed.map(([field, before, after]) => `${field} ${before} → ${after}`).join('; ') || 'no change',
    before: side(([, before]) => before),
    after: side(([, , after]) => after),
  };
};

const resultOfChange = (outcome: UserChangeOutcome | RemovalOutcome): Result =>
  outcome.outcome === 'pending'
    ? { outcome: AuditOutcome.Pending, actionId: outcome.action.id }
    : { outcome: AuditOutcome.Applied };

/**
 * Admin actions on users (DECISIONS 34). Acting on another admin (demote, ban, remove), and making a user an admin,
 * does not take effect alone: it becomes a pending request that a different admin confirms within
 * ADMIN_ACTION_TTL_HOURS, and only then runs, through UsersService like any change (so the last-admin rule is
 * checked again). Everything else applies at once. Every action, and every refusal of one, goes to the audit log.
 */
@Injectable()
export class AdminActionsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly actions: AdminActionsRepository,
    private readonly audit: AuditLogService,
  ) {}

  async updateUser(payload: UpdateUserRpc): Promise<UserChangeOutcome> {
    const { actorId, userId, ...changes } = payload;
    const [actor, target] = await this.parties(actorId, userId);
    const banning = changes.status === UserStatus.Banned && target.status !== UserStatus.Banned;
    const statusChanges = changes.status !== undefined && changes.status !== target.status;
    const entry: Audited = {
      actor,
      action: statusChanges ? AuditAction.StatusChange : AuditAction.ProfileChange,
      target: refOf(target),
      ...describeUpdate(target, changes),
    };
    return this.audited(entry, resultOfChange, async () => {
      if (!banning || !isAnotherAdmin(actorId, target))
        return { outcome: 'applied', user: await this.usersService.update(payload) };
      // One request, one outcome: a ban that waits cannot carry edits that would not.
      if (changes.username !== undefined || changes.email !== undefined)
        throw new AppError(ErrorCode.ValidationFailed, AdminMessages.banAlone);
      return this.request(actor, target, AdminActionKind.Ban);
    });
  }

  /**
   * Demoting another admin waits for a second admin, and so does making a user an admin (DECISIONS 34) while there
   * is a second active admin to confirm it: the only active admin promotes at once, or there could never be two.
   */
  async changeRole(payload: ChangeRoleRpc): Promise<UserChangeOutcome> {
    const [actor, target] = await this.parties(payload.actorId, payload.userId);
    const entry: Audited = {
      actor,
      action: AuditAction.RoleChange,
      target: refOf(target),
      detail: `${target.role} → ${payload.role}`,
      before: `role ${target.role}`,
      after: `role ${payload.role}`,
    };
    return this.audited(entry, resultOfChange, async () => {
      if (payload.role === Role.User && isAnotherAdmin(payload.actorId, target))
        return this.request(actor, target, AdminActionKind.Demote);
      const promoting = payload.role === Role.Admin && target.role !== Role.Admin;
      if (promoting && (await this.users.countActiveAdmins()) > 1)
        return this.request(actor, target, AdminActionKind.Promote);
      return { outcome: 'applied', user: await this.usersService.changeRole(payload) };
    });
  }

  async removeUser(payload: RemoveUserRpc): Promise<RemovalOutcome> {
    const [actor, target] = await this.parties(payload.actorId, payload.userId);
    const entry: Audited = {
      actor,
      action: AuditAction.Remove,
      target: refOf(target),
      detail: `remove ${target.role} ${target.email}`,
      before: `${target.role} ${target.email}, ${target.status}`,
      after: null,
    };
    return this.audited(entry, resultOfChange, async () => {
      if (isAnotherAdmin(payload.actorId, target)) return this.request(actor, target, AdminActionKind.Remove);
      await this.usersService.remove(payload);
      return { outcome: 'applied' };
    });
  }

  /** Requests still waiting for a second admin, newest first. */
  async listPending(): Promise<AdminAction[]> {
    const now = new Date();
    return (await this.actions.listPending(now, PENDING_LIST_LIMIT)).map((action) =>
      toAdminAction(action, now),
    );
  }

  /**
   * A second admin confirms: the request is taken (once, however many confirm at the same moment), then its change
   * runs for the admin who asked, under every rule a direct change has. A change refused then (the last admin)
   * leaves the request refused, with the reason.
   */
  async confirm({ actorId, actionId }: AdminActionDecisionRpc): Promise<AdminAction> {
    const [actor, action] = await this.decisionParties(actorId, actionId);
    return this.audited(this.decisionEntry(AuditAction.Confirm, actor, action), this.applied, async () => {
      const now = new Date();
      this.assertOpen(action, now);
      if (action.requestedById === actorId)
        throw new AppError(ErrorCode.Forbidden, AdminMessages.cannotConfirmOwn);
      const taken = await this.take(action, AdminActionStatus.Confirmed, actor, now, actorId);
      try {
        await this.run(taken);
      } catch (error) {
        if (error instanceof AppError) await this.actions.markRefused(actionId, error.message);
        throw error;
      }
      return toAdminAction(taken, now);
    });
  }

  /** The admin who asked withdraws, or another admin turns it down. */
  async cancel({ actorId, actionId }: AdminActionDecisionRpc): Promise<AdminAction> {
    const [actor, action] = await this.decisionParties(actorId, actionId);
    return this.audited(this.decisionEntry(AuditAction.Cancel, actor, action), this.applied, async () => {
      const now = new Date();
      this.assertOpen(action, now);
      return toAdminAction(await this.take(action, AdminActionStatus.Cancelled, actor, now), now);
    });
  }

  private async request(actor: UserRef, target: StoredUser, kind: AdminActionKind): Promise<Pending> {
    // A request that could only be refused when confirmed is refused now (and checked again when it runs).
    if (isActiveAdmin(target) && (await this.users.countActiveAdmins()) <= 1)
      throw new AppError(ErrorCode.Conflict, AdminMessages.lastAdmin);
    const now = new Date();
    const targetId = target._id.toHexString();
    await this.actions.closeExpired(targetId, now);
    const created = await this.actions.create({
      kind,
      targetId,
      targetUsername: target.username,
      requestedById: actor.id,
      requestedByUsername: actor.username,
      requestedAt: now,
      expiresAt: new Date(now.getTime() + TTL_MS),
    });
    // Asked again (a double click, or another admin asking the same): the open request answers.
    const action = created ?? (await this.actions.findPendingFor(targetId));
    if (!action) throw new AppError(ErrorCode.Conflict, AdminMessages.changedMeanwhile);
    if (action.kind !== kind) throw new AppError(ErrorCode.Conflict, AdminMessages.alreadyPending);
    return { outcome: 'pending', action: toAdminAction(action, now) };
  }

  /** Runs a confirmed request's change as the admin who asked for it (the self rules were theirs to pass). */
  private async run(action: StoredAdminAction): Promise<void> {
    const ids = { actorId: action.requestedById, userId: action.targetId };
    switch (action.kind) {
      case AdminActionKind.Promote:
        await this.usersService.changeRole({ ...ids, role: Role.Admin });
        return;
      case AdminActionKind.Demote:
        await this.usersService.changeRole({ ...ids, role: Role.User });
        return;
      case AdminActionKind.Ban:
        await this.usersService.update({ ...ids, status: UserStatus.Banned });
        return;
      case AdminActionKind.Remove:
        await this.usersService.remove(ids);
        return;
    }
  }

  /** Ends the request, or explains why it cannot be (someone decided first, or it ran out meanwhile). */
  private async take(
    action: StoredAdminAction,
    decision: Decision,
    by: UserRef,
    now: Date,
    notRequestedBy?: string,
  ): Promise<StoredAdminAction> {
    const id = action._id.toHexString();
    const taken = await this.actions.decide(id, decision, by, now, notRequestedBy);
    if (taken) return taken;
    this.assertOpen((await this.actions.findById(id)) ?? action, now);
    throw new AppError(ErrorCode.Conflict, AdminMessages.actionClosed);
  }

  private assertOpen(action: StoredAdminAction, now: Date): void {
    if (action.status !== AdminActionStatus.Pending && action.status !== AdminActionStatus.Expired)
      throw new AppError(ErrorCode.Conflict, AdminMessages.actionClosed);
    if (action.status === AdminActionStatus.Expired || action.expiresAt <= now)
      throw new AppError(ErrorCode.Conflict, AdminMessages.actionExpired);
  }

  /**
   * Runs `work` and logs it: its outcome, or its refusal with the reason. Invalid input is not an admin action and
   * is not logged; a refusal by a rule (the last admin, oneself, a request confirmed by its author) is.
   */
  private async audited<T>(
    entry: Audited,
    resultOf: (result: T) => Result,
    work: () => Promise<T>,
  ): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      if (error instanceof AppError && error.code !== ErrorCode.ValidationFailed)
        await this.audit.record({ ...entry, outcome: AuditOutcome.Refused, reason: error.message });
      throw error;
    }
    await this.audit.record({ ...entry, ...resultOf(result) });
    return result;
  }

  private readonly applied = (): Result => ({ outcome: AuditOutcome.Applied });

  private decisionEntry(action: AuditAction, actor: UserRef, request: StoredAdminAction): Audited {
    return {
      actor,
      action,
      target: { id: request.targetId, username: request.targetUsername },
      detail: `${KIND_TEXT[request.kind]} (asked by ${request.requestedByUsername})`,
      before: `request ${AdminActionStatus.Pending}`,
      after: `request ${action === AuditAction.Confirm ? AdminActionStatus.Confirmed : AdminActionStatus.Cancelled}`,
      actionId: request._id.toHexString(),
    };
  }

  private async parties(actorId: string, userId: string): Promise<[UserRef, StoredUser]> {
    const [actor, target] = await Promise.all([this.users.findById(actorId), this.users.findById(userId)]);
    if (!target) throw AppError.notFound(AuthMessages.userNotFound);
    return [actor ? refOf(actor) : { id: actorId, username: actorId }, target];
  }

  private async decisionParties(actorId: string, actionId: string): Promise<[UserRef, StoredAdminAction]> {
    const [actor, action] = await Promise.all([
      this.users.findById(actorId),
      this.actions.findById(actionId),
    ]);
    if (!action) throw AppError.notFound(AdminMessages.actionNotFound);
    return [actor ? refOf(actor) : { id: actorId, username: actorId }, action];
  }
}
