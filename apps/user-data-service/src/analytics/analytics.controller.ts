import { Controller } from '@nestjs/common';
import { UserDataRpc } from '@app/contracts';
import type { RpcRequest } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { AnalyticsService } from './analytics.service';

@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @RpcHandler(UserDataRpc.analytics)
  get(@RpcPayload() { userId }: RpcRequest<typeof UserDataRpc.analytics>) {
    return this.analytics.of(userId);
  }
}
