import { Controller } from '@nestjs/common';
import { HistoryRpc, UserDataRpc } from '@app/contracts';
import type { PageQuery, RpcRequest } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { HistoryService } from './history.service';

@Controller()
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @RpcHandler(HistoryRpc.resumePoint)
  resumePoint(@RpcPayload() { userId, movieId }: RpcRequest<typeof HistoryRpc.resumePoint>) {
    return this.history.resumePoint(userId, movieId);
  }

  @RpcHandler(UserDataRpc.listHistory)
  list(@RpcPayload() { userId, ...query }: { userId: string } & PageQuery) {
    return this.history.list(userId, query);
  }

  @RpcHandler(UserDataRpc.removeHistory)
  remove(@RpcPayload() { userId, itemId }: RpcRequest<typeof UserDataRpc.removeHistory>) {
    return this.history.remove(userId, itemId);
  }

  @RpcHandler(UserDataRpc.continueWatching)
  continueWatching(@RpcPayload() { userId }: RpcRequest<typeof UserDataRpc.continueWatching>) {
    return this.history.continueWatching(userId);
  }

  @RpcHandler(UserDataRpc.seriesProgress)
  seriesProgress(@RpcPayload() { userId, seriesId }: RpcRequest<typeof UserDataRpc.seriesProgress>) {
    return this.history.seriesProgress(userId, seriesId);
  }

  @RpcHandler(UserDataRpc.hideFromRow)
  hideFromRow(@RpcPayload() { userId, movieId }: RpcRequest<typeof UserDataRpc.hideFromRow>) {
    return this.history.hideFromRow(userId, movieId);
  }
}
