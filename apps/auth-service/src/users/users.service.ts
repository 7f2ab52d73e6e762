import { Injectable } from '@nestjs/common';
import {
  AuthMessages,
  ChangeRoleRpc,
  ErrorCode,
  ListUsersQuery,
  RemoveUserRpc,
  Role,
  UpdateUserRpc,
  User,
  UserPage,
} from '@app/contracts';
import { AppError, EventBus } from '@app/server-core';
import { OtpStore } from '../password-reset/otp.store';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { toUser } from './user.mapper';
import { StoredUser, UserChanges, UsersRepository } from './users.repository';

/** Texts of this service's own refusals (AuthMessages has none for them). */
export const UserMessages = {
  lastAdmin: 'The last admin cannot be removed. Make another user an admin first.',
} as const;

/** Admin user management (SPEC 6; DECISIONS 16: the gateway only lets admins call these). */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly otps: OtpStore,
    private readonly limiter: RateLimiter,
    private readonly events: EventBus,
  ) {}

  /** Newest first; the gateway wraps the page in SPEC's `{ success, data }`. */
  async list({ page, pageSize }: ListUsersQuery): Promise<UserPage> {
    const { items, total } = await this.users.page((page - 1) * pageSize, pageSize);
    return { data: items.map(toUser), page, pageSize, total };
  }

  async update({ actorId, userId, ...changes }: UpdateUserRpc): Promise<User> {
    const current =
      changes.status !== undefined || changes.email !== undefined ? await this.findOrFail(userId) : null;
    if (current && changes.status !== undefined && actorId === userId && current.status !== changes.status)
      throw new AppError(ErrorCode.Conflict, AuthMessages.cannotChangeOwnStatus);
    // DECISIONS 33: a new address is not proved by the old one's verification.
    const emailVerified =
      current && changes.email !== undefined && changes.email !== current.email ? false : undefined;
    return toUser(
      await this.apply(userId, emailVerified === false ? { ...changes, emailVerified } : changes),
    );
  }

  async changeRole({ actorId, userId, role }: ChangeRoleRpc): Promise<User> {
    if (actorId === userId && role !== Role.Admin)
      throw new AppError(ErrorCode.Conflict, AuthMessages.cannotDemoteSelf);
    return toUser(await this.apply(userId, { role }));
  }

  async remove({ actorId, userId }: RemoveUserRpc): Promise<{ removed: true }> {
    if (actorId === userId) throw new AppError(ErrorCode.Conflict, AuthMessages.cannotDeleteSelf);
    await this.erase(await this.findOrFail(userId));
    return { removed: true };
  }

  /**
   * The one way an account goes, for an admin's removal and the viewer's own deletion (DECISIONS 32): the record
   * (so every session stops resolving), the Redis traces keyed by its email, then `user.deleted` for the other
   * services. Never the last admin (DECISIONS 34).
   */
  async erase(user: StoredUser): Promise<void> {
    const userId = user._id.toHexString();
    if (user.role === Role.Admin) await this.stepDownUnlessLast(userId);
    if (!(await this.users.remove(userId))) throw AppError.notFound(AuthMessages.userNotFound);
    await this.otps.remove(user.email);
    await this.limiter.forgetEmail(user.email);
    await this.events.publish('user.deleted', { userId });
  }

  private async apply(userId: string, changes: UserChanges): Promise<StoredUser> {
    const updated = await this.users.update(userId, changes);
    if (updated === false) throw new AppError(ErrorCode.Conflict, AuthMessages.emailTaken);
    if (!updated) throw AppError.notFound(AuthMessages.userNotFound);
    const { username, email, role, status } = updated;
    await this.events.publish('user.updated', { userId, username, email, role, status });
    return updated;
  }

  /**
   * Demotes first, then counts: no transaction is needed for "never the last admin", since of two last admins
   * leaving at once at least one counts none left, takes the role back and is refused.
   */
  private async stepDownUnlessLast(userId: string): Promise<void> {
    await this.users.update(userId, { role: Role.User });
    if ((await this.users.countAdmins()) > 0) return;
    await this.users.update(userId, { role: Role.Admin });
    throw new AppError(ErrorCode.Conflict, UserMessages.lastAdmin);
  }

  private async findOrFail(userId: string): Promise<StoredUser> {
    const user = await this.users.findById(userId);
    if (!user) throw AppError.notFound(AuthMessages.userNotFound);
    return user;
  }
}
