import { Controller } from '@nestjs/common';
import { HistoryRpc, ViewerDataRpc } from '@app/contracts';
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

  @RpcHandler(ViewerDataRpc.listHistory)
  list(@RpcPayload() { userId, ...query }: { userId: string } & PageQuery) {
    return this.history.list(userId, query);
  }

  @RpcHandler(ViewerDataRpc.removeHistory)
  remove(@RpcPayload() { userId, itemId }: RpcRequest<typeof ViewerDataRpc.removeHistory>) {
    return this.history.remove(userId, itemId);
  }

  @RpcHandler(ViewerDataRpc.continueWatching)
  continueWatching(@RpcPayload() { userId }: RpcRequest<typeof ViewerDataRpc.continueWatching>) {
    return this.history.continueWatching(userId);
  }

  @RpcHandler(ViewerDataRpc.seriesProgress)
  seriesProgress(@RpcPayload() { userId, seriesId }: RpcRequest<typeof ViewerDataRpc.seriesProgress>) {
    return this.history.seriesProgress(userId, seriesId);
  }

  @RpcHandler(ViewerDataRpc.hideFromRow)
  hideFromRow(@RpcPayload() { userId, movieId }: RpcRequest<typeof ViewerDataRpc.hideFromRow>) {
    return this.history.hideFromRow(userId, movieId);
  }
}
