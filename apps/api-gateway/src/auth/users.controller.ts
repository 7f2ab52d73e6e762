import { Body, Controller, Param, Query, UseInterceptors } from '@nestjs/common';
import { UserRoutes } from '@app/contracts';
import type {
  AuditLogQuery,
  ChangeRoleRequest,
  ListUsersQuery,
  SessionUser,
  UpdateUserRequest,
} from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { AcceptedWhenPending } from './accepted-when-pending.interceptor';
import { AuthClient } from './auth.client';
import { CurrentUser } from './auth.decorators';

/**
 * Admin user management (DECISIONS 16: every call needs an admin token): the users, the changes to other admins
 * that wait for a second admin, and the audit log (DECISIONS 34).
 */
@Controller()
export class UsersController {
  constructor(private readonly auth: AuthClient) {}

  @Endpoint(UserRoutes.list)
  list(@Query() query: ListUsersQuery) {
    return this.auth.listUsers(query);
  }

  @Endpoint(UserRoutes.update)
  @UseInterceptors(AcceptedWhenPending)
  update(@Param('id') id: string, @Body() body: UpdateUserRequest, @CurrentUser() admin: SessionUser) {
    return this.auth.updateUser({ ...body, userId: id, actorId: admin.id });
  }

  @Endpoint(UserRoutes.changeRole)
  @UseInterceptors(AcceptedWhenPending)
  changeRole(@Param('id') id: string, @Body() body: ChangeRoleRequest, @CurrentUser() admin: SessionUser) {
    return this.auth.changeRole({ ...body, userId: id, actorId: admin.id });
  }

  @Endpoint(UserRoutes.remove)
  @UseInterceptors(AcceptedWhenPending)
  remove(@Param('id') id: string, @CurrentUser() admin: SessionUser) {
    return this.auth.removeUser({ userId: id, actorId: admin.id });
  }

  @Endpoint(UserRoutes.pendingActions)
  pendingActions() {
    return this.auth.listAdminActions();
  }

  @Endpoint(UserRoutes.confirm)
  confirm(@Param('id') id: string, @CurrentUser() admin: SessionUser) {
    return this.auth.confirmAdminAction({ actionId: id, actorId: admin.id });
  }

  @Endpoint(UserRoutes.cancel)
  cancel(@Param('id') id: string, @CurrentUser() admin: SessionUser) {
    return this.auth.cancelAdminAction({ actionId: id, actorId: admin.id });
  }

  @Endpoint(UserRoutes.auditLog)
  auditLog(@Query() query: AuditLogQuery) {
    return this.auth.auditLog(query);
  }
}
