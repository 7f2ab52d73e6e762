import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ChangeRoleRequestSchema, Role, UpdateUserRequestSchema, UserIdParamsSchema } from '@app/contracts';
import type { ChangeRoleRequest, SessionUser, UpdateUserRequest, UserIdParams } from '@app/contracts';
import { CorrelationId, ZodPipe } from '@app/server-core';
import { AuthClient } from '../auth/auth.client';
import { CurrentUser, Roles } from '../auth/auth.decorators';

/** Admin user management (DECISIONS 16: every call needs an admin token). */
@Roles(Role.Admin)
@ApiTags('users')
@Controller('api/users')
export class UsersController {
  constructor(private readonly auth: AuthClient) {}

  @Get()
  @ApiOperation({ summary: 'Every user → { success, data }' })
  list(@CorrelationId() correlationId: string) {
    return this.auth.listUsers(correlationId);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Edits username, email, status → { success, data, message }' })
  update(@Param(new ZodPipe(UserIdParamsSchema, 'path')) { id }: UserIdParams, @Body(new ZodPipe(UpdateUserRequestSchema, 'body')) body: UpdateUserRequest, @CurrentUser() admin: SessionUser, @CorrelationId() correlationId: string) {
    return this.auth.updateUser({ ...body, userId: id, actorId: admin.id }, correlationId);
  }

  @Put(':id/role')
  @ApiOperation({ summary: 'Promotes or demotes → { success, data }; admins cannot demote themselves' })
  changeRole(@Param(new ZodPipe(UserIdParamsSchema, 'path')) { id }: UserIdParams, @Body(new ZodPipe(ChangeRoleRequestSchema, 'body')) body: ChangeRoleRequest, @CurrentUser() admin: SessionUser, @CorrelationId() correlationId: string) {
    return this.auth.changeRole({ ...body, userId: id, actorId: admin.id }, correlationId);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Removes the user (emits user.deleted) → { success, message }; admins cannot remove themselves' })
  remove(@Param(new ZodPipe(UserIdParamsSchema, 'path')) { id }: UserIdParams, @CurrentUser() admin: SessionUser, @CorrelationId() correlationId: string) {
    return this.auth.removeUser({ userId: id, actorId: admin.id }, correlationId);
  }
}
