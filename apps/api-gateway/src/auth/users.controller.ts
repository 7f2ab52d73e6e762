import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UseInterceptors,
} from '@nestjs/common';
import {
  AdminActionIdParamsSchema,
  AuditLogQuerySchema,
  ChangeRoleRequestSchema,
  ListUsersQuerySchema,
  Role,
  UpdateUserRequestSchema,
  UserIdParamsSchema,
} from '@app/contracts';
import type {
  AdminActionIdParams,
  AuditLogQuery,
  ChangeRoleRequest,
  ListUsersQuery,
  SessionUser,
  UpdateUserRequest,
  UserIdParams,
} from '@app/contracts';
import { ZodPipe } from '@app/server-core';
import { AcceptedWhenPending } from './accepted-when-pending.interceptor';
import { AuthClient } from './auth.client';
import { CurrentUser, Roles } from './auth.decorators';

/**
 * Admin user management (DECISIONS 16: every call needs an admin token): the users, the changes to other admins
 * that wait for a second admin, and the audit log (DECISIONS 34).
 */
@Roles(Role.Admin)
@Controller('api')
export class UsersController {
  constructor(private readonly auth: AuthClient) {}

  @Get('users')
  list(@Query(new ZodPipe(ListUsersQuerySchema, 'query')) query: ListUsersQuery) {
    return this.auth.listUsers(query);
  }

  @Put('users/:id')
  @UseInterceptors(AcceptedWhenPending)
  update(
    @Param(new ZodPipe(UserIdParamsSchema, 'path')) { id }: UserIdParams,
    @Body(new ZodPipe(UpdateUserRequestSchema, 'body')) body: UpdateUserRequest,
    @CurrentUser() admin: SessionUser,
  ) {
    return this.auth.updateUser({ ...body, userId: id, actorId: admin.id });
  }

  @Put('users/:id/role')
  @UseInterceptors(AcceptedWhenPending)
  changeRole(
    @Param(new ZodPipe(UserIdParamsSchema, 'path')) { id }: UserIdParams,
    @Body(new ZodPipe(ChangeRoleRequestSchema, 'body')) body: ChangeRoleRequest,
    @CurrentUser() admin: SessionUser,
  ) {
    return this.auth.changeRole({ ...body, userId: id, actorId: admin.id });
  }

  @Delete('users/:id')
  @UseInterceptors(AcceptedWhenPending)
  remove(
    @Param(new ZodPipe(UserIdParamsSchema, 'path')) { id }: UserIdParams,
    @CurrentUser() admin: SessionUser,
  ) {
    return this.auth.removeUser({ userId: id, actorId: admin.id });
  }

  @Get('admin/admin-actions')
  pendingActions() {
    return this.auth.listAdminActions();
  }

  @Post('admin/admin-actions/:id/confirm')
  @HttpCode(200)
  confirm(
    @Param(new ZodPipe(AdminActionIdParamsSchema, 'path')) { id }: AdminActionIdParams,
    @CurrentUser() admin: SessionUser,
  ) {
    return this.auth.confirmAdminAction({ actionId: id, actorId: admin.id });
  }

  @Post('admin/admin-actions/:id/cancel')
  @HttpCode(200)
  cancel(
    @Param(new ZodPipe(AdminActionIdParamsSchema, 'path')) { id }: AdminActionIdParams,
    @CurrentUser() admin: SessionUser,
  ) {
    return this.auth.cancelAdminAction({ actionId: id, actorId: admin.id });
  }

  @Get('admin/audit-log')
  auditLog(@Query(new ZodPipe(AuditLogQuerySchema, 'query')) query: AuditLogQuery) {
    return this.auth.auditLog(query);
  }
}
