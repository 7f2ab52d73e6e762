import { Body, Controller, Delete, Get, Param, Put, Query } from '@nestjs/common';
import {
  ChangeRoleRequestSchema,
  ListUsersQuerySchema,
  Role,
  UpdateUserRequestSchema,
  UserIdParamsSchema,
} from '@app/contracts';
import type {
  ChangeRoleRequest,
  ListUsersQuery,
  SessionUser,
  UpdateUserRequest,
  UserIdParams,
} from '@app/contracts';
import { ZodPipe } from '@app/server-core';
import { AuthClient } from './auth.client';
import { CurrentUser, Roles } from './auth.decorators';

/** Admin user management (DECISIONS 16: every call needs an admin token). */
@Roles(Role.Admin)
@Controller('api/users')
export class UsersController {
  constructor(private readonly auth: AuthClient) {}

  @Get()
  list(@Query(new ZodPipe(ListUsersQuerySchema, 'query')) query: ListUsersQuery) {
    return this.auth.listUsers(query);
  }

  @Put(':id')
  update(
    @Param(new ZodPipe(UserIdParamsSchema, 'path')) { id }: UserIdParams,
    @Body(new ZodPipe(UpdateUserRequestSchema, 'body')) body: UpdateUserRequest,
    @CurrentUser() admin: SessionUser,
  ) {
    return this.auth.updateUser({ ...body, userId: id, actorId: admin.id });
  }

  @Put(':id/role')
  changeRole(
    @Param(new ZodPipe(UserIdParamsSchema, 'path')) { id }: UserIdParams,
    @Body(new ZodPipe(ChangeRoleRequestSchema, 'body')) body: ChangeRoleRequest,
    @CurrentUser() admin: SessionUser,
  ) {
    return this.auth.changeRole({ ...body, userId: id, actorId: admin.id });
  }

  @Delete(':id')
  remove(
    @Param(new ZodPipe(UserIdParamsSchema, 'path')) { id }: UserIdParams,
    @CurrentUser() admin: SessionUser,
  ) {
    return this.auth.removeUser({ userId: id, actorId: admin.id });
  }
}
