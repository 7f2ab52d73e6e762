import { Controller } from '@nestjs/common';
import { HistoryRpc } from '@app/contracts';
import type { RpcRequest } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { HistoryService } from './history.service';

@Controller()
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @RpcHandler(HistoryRpc.resumePoint)
  resumePoint(@RpcPayload() { userId, movieId }: RpcRequest<typeof HistoryRpc.resumePoint>) {
    return this.history.resumePoint(userId, movieId);
  }
}
