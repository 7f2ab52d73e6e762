import { Controller } from '@nestjs/common';
import { ViewerDataRpc } from '@app/contracts';
import type { RpcRequest } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { AnalyticsService } from './analytics.service';

@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @RpcHandler(ViewerDataRpc.analytics)
  get(@RpcPayload() { userId }: RpcRequest<typeof ViewerDataRpc.analytics>) {
    return this.analytics.of(userId);
  }
}
