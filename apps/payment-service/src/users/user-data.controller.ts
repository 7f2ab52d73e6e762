import { Controller } from '@nestjs/common';
import type { RpcRequest } from '@app/contracts';
import { PaymentRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { UserDataService } from './user-data.service';

@Controller()
export class UserDataController {
  constructor(private readonly userData: UserDataService) {}

  @RpcHandler(PaymentRpc.exportOf)
  exportOf(@RpcPayload() { userId }: RpcRequest<typeof PaymentRpc.exportOf>) {
    return this.userData.exportOf(userId);
  }
}
