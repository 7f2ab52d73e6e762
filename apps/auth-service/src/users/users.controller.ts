import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AuthPatterns, ChangeRoleRpcSchema, EmptyRpcSchema, RemoveUserRpcSchema, UpdateUserRpcSchema } from '@app/contracts';
import type { ChangeRoleRpc, RemoveUserRpc, UpdateUserRpc } from '@app/contracts';
import { RpcPayload } from '@app/server-core';
import { UsersService } from './users.service';

/** Admin user management; the gateway lets only admins through (DECISIONS 16). */
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(AuthPatterns.listUsers)
  list(@RpcPayload(EmptyRpcSchema) _: Record<string, never>) {
    return this.users.list();
  }

  @MessagePattern(AuthPatterns.updateUser)
  update(@RpcPayload(UpdateUserRpcSchema) payload: UpdateUserRpc) {
    return this.users.update(payload);
  }

  @MessagePattern(AuthPatterns.changeRole)
  changeRole(@RpcPayload(ChangeRoleRpcSchema) payload: ChangeRoleRpc) {
    return this.users.changeRole(payload);
  }

  @MessagePattern(AuthPatterns.removeUser)
  remove(@RpcPayload(RemoveUserRpcSchema) payload: RemoveUserRpc) {
    return this.users.remove(payload);
  }
}
