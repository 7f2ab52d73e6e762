import { Injectable } from '@nestjs/common';
import { AuthMessages, ChangeRoleRpc, ErrorCode, RemoveUserRpc, Role, UpdateUserRpc, UserList, UserRemoved, UserUpdated } from '@app/contracts';
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

  async list(): Promise<UserList> {
    return { success: true, data: (await this.users.list()).map(toUser) };
  }

  async update({ actorId, userId, ...changes }: UpdateUserRpc): Promise<UserUpdated> {
    if (changes.status !== undefined && actorId === userId) {
      const current = await this.findOrFail(userId);
      if (current.status !== changes.status) throw new AppError(ErrorCode.Conflict, AuthMessages.cannotChangeOwnStatus);
    }
    const updated = await this.apply(userId, changes);
    return { success: true, data: toUser(updated), message: AuthMessages.userUpdated };
  }

  async changeRole({ actorId, userId, role }: ChangeRoleRpc): Promise<UserUpdated> {
    if (actorId === userId && role !== Role.Admin) throw new AppError(ErrorCode.Conflict, AuthMessages.cannotDemoteSelf);
    return { success: true, data: toUser(await this.apply(userId, { role })) };
  }

  async remove({ actorId, userId }: RemoveUserRpc): Promise<UserRemoved> {
    if (actorId === userId) throw new AppError(ErrorCode.Conflict, AuthMessages.cannotDeleteSelf);
    if (!(await this.users.remove(userId))) throw AppError.notFound(AuthMessages.userNotFound);
    await this.events.publish('user.deleted', { userId });
    return { success: true, message: AuthMessages.userRemoved };
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
