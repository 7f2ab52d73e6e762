import { Controller } from '@nestjs/common';
import { AuthRpc } from '@app/contracts';
import type { ChangeRoleRpc, ListUsersQuery, RemoveUserRpc, UpdateUserRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { UsersService } from './users.service';

/** Admin user management; the gateway lets only admins through (DECISIONS 16). */
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @RpcHandler(AuthRpc.listUsers)
  list(@RpcPayload() query: ListUsersQuery) {
    return this.users.list(query);
  }

  @RpcHandler(AuthRpc.updateUser)
  update(@RpcPayload() payload: UpdateUserRpc) {
    return this.users.update(payload);
  }

  @RpcHandler(AuthRpc.changeRole)
  changeRole(@RpcPayload() payload: ChangeRoleRpc) {
    return this.users.changeRole(payload);
  }

  @RpcHandler(AuthRpc.removeUser)
  remove(@RpcPayload() payload: RemoveUserRpc) {
    return this.users.remove(payload);
  }
}
