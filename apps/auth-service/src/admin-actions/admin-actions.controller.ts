import { Controller } from '@nestjs/common';
import { AuthRpc } from '@app/contracts';
import type { AdminActionDecisionRpc, ChangeRoleRpc, RemoveUserRpc, UpdateUserRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { AdminActionsService } from './admin-actions.service';

/** An admin's changes to users and the requests that wait for a second admin; the gateway lets only admins through. */
@Controller()
export class AdminActionsController {
  constructor(private readonly actions: AdminActionsService) {}

  @RpcHandler(AuthRpc.updateUser)
  update(@RpcPayload() payload: UpdateUserRpc) {
    return this.actions.updateUser(payload);
  }

  @RpcHandler(AuthRpc.changeRole)
  changeRole(@RpcPayload() payload: ChangeRoleRpc) {
    return this.actions.changeRole(payload);
  }

  @RpcHandler(AuthRpc.removeUser)
  remove(@RpcPayload() payload: RemoveUserRpc) {
    return this.actions.removeUser(payload);
  }

  @RpcHandler(AuthRpc.listAdminActions)
  listPending(@RpcPayload() _: Record<string, never>) {
    return this.actions.listPending();
  }

  @RpcHandler(AuthRpc.confirmAdminAction)
  confirm(@RpcPayload() payload: AdminActionDecisionRpc) {
    return this.actions.confirm(payload);
  }

  @RpcHandler(AuthRpc.cancelAdminAction)
  cancel(@RpcPayload() payload: AdminActionDecisionRpc) {
    return this.actions.cancel(payload);
  }
}
