import { Controller } from '@nestjs/common';
import { AuthRpc } from '@app/contracts';
import type { ListUsersQuery } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { UsersService } from './users.service';

/** Admin user management: the list (changes go through AdminActionsController); the gateway lets only admins through (DECISIONS 16). */
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @RpcHandler(AuthRpc.listUsers)
  list(@RpcPayload() query: ListUsersQuery) {
    return this.users.list(query);
  }
}
