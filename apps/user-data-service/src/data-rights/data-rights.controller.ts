import { Controller } from '@nestjs/common';
import { UserDataRpc } from '@app/contracts';
import type { RpcRequest } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { DataRightsService } from './data-rights.service';

@Controller()
export class DataRightsController {
  constructor(private readonly dataRights: DataRightsService) {}

  @RpcHandler(UserDataRpc.exportData)
  exportData(@RpcPayload() { userId, verifiedEmail }: RpcRequest<typeof UserDataRpc.exportData>) {
    return this.dataRights.exportOf(userId, verifiedEmail);
  }
}
