import { Injectable } from '@nestjs/common';
import {
  AdminMessages,
  AuthMessages,
  ChangeRoleRpc,
  ErrorCode,
  ListUsersQuery,
  RemoveUserRpc,
  Role,
  SetLanguageRpc,
  UpdateUserRpc,
  User,
  UserPage,
  UserStatus,
} from '@app/contracts';
import { AppError, Outbox } from '@app/server-core';
import { OtpStore } from '../password-reset/otp.store';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { languageOf, toUser } from './user.mapper';
import { StoredUser, UserChanges, UsersRepository } from './users.repository';

/** A write whose target changed under it is tried again this many times before the caller is asked to retry. */
const WRITE_ATTEMPTS = 5;

export const isActiveAdmin = (user: Pick<StoredUser, 'role' | 'status'>) =>
  user.role === Role.Admin && user.status === UserStatus.Active;

/** Changes that take an active admin out of the active admins (demote, suspend, ban). */
const mayLeaveNoAdmin = (changes: UserChanges) =>
  changes.role === Role.User || (changes.status !== undefined && changes.status !== UserStatus.Active);

/** `user.updated`: the user's fields other services keep. */
const userUpdated = (user: StoredUser) => ({
  userId: user._id.toHexString(),
  username: user.username,
  email: user.email,
  role: user.role,
  status: user.status,
  language: languageOf(user),
});

/** What the changed fields held before, to take a change back. */
const previousOf = (user: StoredUser, changes: UserChanges): UserChanges =>
  Object.fromEntries(Object.keys(changes).map((key) => [key, user[key as keyof UserChanges]]));

/**
 * The changes made to users: an admin's, applied at once (SPEC 6; DECISIONS 16: the gateway only lets admins call
 * these), and the account holder's own language. Whether a change waits for a second admin is decided before, by AdminActionsService (DECISIONS 34); the
 * rules here hold for every change however it arrives: never oneself, never the last active admin, a ban ends
 * every session.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly otps: OtpStore,
    private readonly limiter: RateLimiter,
    private readonly outbox: Outbox,
  ) {}

  /** Newest first; the gateway wraps the page in SPEC's `{ success, data }`. */
  async list({ page, pageSize }: ListUsersQuery): Promise<UserPage> {
    const { items, total } = await this.users.page((page - 1) * pageSize, pageSize);
    return { data: items.map(toUser), page, pageSize, total };
  }

  async update({ actorId, userId, ...changes }: UpdateUserRpc): Promise<User> {
    const current = await this.findOrFail(userId);
    if (changes.status !== undefined && actorId === userId && current.status !== changes.status)
      throw new AppError(ErrorCode.Conflict, AuthMessages.cannotChangeOwnStatus);
    // DECISIONS 33: a new address is not proved by the old one's verification.
    const emailVerified = changes.email !== undefined && changes.email !== current.email ? false : undefined;
    const updated = await this.apply(
      current,
      emailVerified === false ? { ...changes, emailVerified } : changes,
    );
    // DECISIONS 34: a ban ends every session (a suspension keeps them: refused while it lasts, back after).
    if (changes.status === UserStatus.Banned) {
      await this.outbox.announce({ type: 'session.revoked', payload: { userId, sessionId: null } }, () =>
        this.users.endSessions(userId),
      );
    }
    return toUser(updated);
  }

  /**
   * Issue 26: the account holder's own language (the gateway passes the caller's id); announced, so the services
   * that mail them follow it.
   */
  async setLanguage({ userId, language }: SetLanguageRpc): Promise<User> {
    return toUser(await this.apply(await this.findOrFail(userId), { language }));
  }

  async changeRole({ actorId, userId, role }: ChangeRoleRpc): Promise<User> {
    if (actorId === userId && role !== Role.Admin)
      throw new AppError(ErrorCode.Conflict, AuthMessages.cannotDemoteSelf);
    return toUser(await this.apply(await this.findOrFail(userId), { role }));
  }

  async remove({ actorId, userId }: RemoveUserRpc): Promise<void> {
    if (actorId === userId) throw new AppError(ErrorCode.Conflict, AuthMessages.cannotDeleteSelf);
    await this.erase(await this.findOrFail(userId));
  }

  /**
   * The one way an account goes, for an admin's removal and the viewer's own deletion (DECISIONS 32): the record
   * (so every session stops resolving), announced through the outbox as `session.revoked` then `user.deleted` for
   * the other services, then the Redis traces keyed by its email. An admin steps down first, under the last-admin
   * rule (DECISIONS 34).
   */
  async erase(user: StoredUser): Promise<void> {
    const userId = user._id.toHexString();
    if (user.role === Role.Admin) await this.apply(user, { role: Role.User }, false);
    const removed = await this.outbox.announce(
      [
        // Every session went with the record; streaming-service ends their streams (DECISIONS 35).
        { type: 'session.revoked', payload: { userId, sessionId: null } },
        // DECISIONS 32/33: the contact messages sent from a proved email are this user's to have erased.
        {
          type: 'user.deleted',
          payload: { userId, ...(user.emailVerified ? { verifiedEmail: user.email } : {}) },
        },
      ],
      () => this.users.remove(userId),
      (gone) => gone,
    );
    if (!removed) throw AppError.notFound(AuthMessages.userNotFound);
    await this.otps.remove(user.email);
    await this.limiter.forgetEmail(user.email);
  }

  /** Writes `changes` to `current` and, unless `announce` is false, announces the user as stored after. */
  private async apply(current: StoredUser, changes: UserChanges, announce = true): Promise<StoredUser> {
    const userId = current._id.toHexString();
    const write = () => this.write(userId, changes);
    const updated = announce
      ? await this.outbox.announce(
          {
            type: 'user.updated',
            payload: userUpdated({ ...current, ...changes }),
            // A change of another field made meanwhile is in the stored user: announce it as stored.
            stored: (written) => (written ? userUpdated(written) : userUpdated({ ...current, ...changes })),
          },
          write,
          Boolean,
        )
      : await write();
    if (updated === false) throw new AppError(ErrorCode.Conflict, AuthMessages.emailTaken);
    if (!updated) throw AppError.notFound(AuthMessages.userNotFound);
    return updated;
  }

  /**
   * Writes `changes`, never leaving no active admin (DECISIONS 34), without a transaction: write first, then count.
   * Of admins leaving at once, the last to count sees every other's write, finds none left and takes its own
   * back, so two admins demoting each other at the same moment cannot both succeed. The write applies only while
   * the user is still what the rule was decided on (an active admin or not), else it is read and decided again.
   * Not a guard document (a roster of active admins with a conditional `$pull`): that is a second copy of role and
   * status which, without transactions, drifts whenever something else makes or unmakes an admin (the seed, an own
   * deletion), and repairing it races too. Here the users collection stays the one truth; the price is a refused
   * change visible for the milliseconds before its undo (a crash exactly then would leave the seed's admin to
   * repair it). Null: no such user; false: the email is taken.
   */
  private async write(userId: string, changes: UserChanges): Promise<StoredUser | null | false> {
    if (!mayLeaveNoAdmin(changes)) return this.users.update(userId, changes);
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const current = await this.users.findById(userId);
      if (!current) return null;
      const wasActiveAdmin = isActiveAdmin(current);
      const updated = await this.users.updateWhile(userId, wasActiveAdmin, changes);
      if (updated === null) continue;
      if (updated === false || !wasActiveAdmin || isActiveAdmin(updated)) return updated;
      if ((await this.users.countActiveAdmins()) > 0) return updated;
      await this.users.undo(userId, updated, previousOf(current, changes));
      throw new AppError(ErrorCode.Conflict, AdminMessages.lastAdmin);
    }
    throw new AppError(ErrorCode.Conflict, AdminMessages.changedMeanwhile);
  }

  private async findOrFail(userId: string): Promise<StoredUser> {
    const user = await this.users.findById(userId);
    if (!user) throw AppError.notFound(AuthMessages.userNotFound);
    return user;
  }
}
