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
import { toUser } from './user.mapper';
import { StoredUser, UserChanges, UsersRepository } from './users.repository';

/** Admin user management (SPEC 6; DECISIONS 16: the gateway only lets admins call these). */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly events: EventBus,
  ) {}

  /** Newest first; the gateway wraps the page in SPEC's `{ success, data }`. */
  async list({ page, pageSize }: ListUsersQuery): Promise<UserPage> {
    const { items, total } = await this.users.page((page - 1) * pageSize, pageSize);
    return { data: items.map(toUser), page, pageSize, total };
  }

  async update({ actorId, userId, ...changes }: UpdateUserRpc): Promise<User> {
    if (changes.status !== undefined && actorId === userId) {
      const current = await this.findOrFail(userId);
      if (current.status !== changes.status)
        throw new AppError(ErrorCode.Conflict, AuthMessages.cannotChangeOwnStatus);
    }
    return toUser(await this.apply(userId, changes));
  }

  async changeRole({ actorId, userId, role }: ChangeRoleRpc): Promise<User> {
    if (actorId === userId && role !== Role.Admin)
      throw new AppError(ErrorCode.Conflict, AuthMessages.cannotDemoteSelf);
    return toUser(await this.apply(userId, { role }));
  }

  async remove({ actorId, userId }: RemoveUserRpc): Promise<{ removed: true }> {
    if (actorId === userId) throw new AppError(ErrorCode.Conflict, AuthMessages.cannotDeleteSelf);
    if (!(await this.users.remove(userId))) throw AppError.notFound(AuthMessages.userNotFound);
    await this.events.publish('user.deleted', { userId });
    return { removed: true };
  }

  private async apply(userId: string, changes: UserChanges): Promise<StoredUser> {
    const updated = await this.users.update(userId, changes);
    if (updated === false) throw new AppError(ErrorCode.Conflict, AuthMessages.emailTaken);
    if (!updated) throw AppError.notFound(AuthMessages.userNotFound);
    const { username, email, role, status } = updated;
    await this.events.publish('user.updated', { userId, username, email, role, status });
    return updated;
  }

  private async findOrFail(userId: string): Promise<StoredUser> {
    const user = await this.users.findById(userId);
    if (!user) throw AppError.notFound(AuthMessages.userNotFound);
    return user;
  }
}
