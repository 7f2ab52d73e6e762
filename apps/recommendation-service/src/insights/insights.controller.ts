import { Controller } from '@nestjs/common';
import type { RpcRequest } from '@app/contracts';
import { InsightsRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { InsightsReports } from './insights-reports.service';

/** The Insights tab's reads (admin only: the gateway checks). */
@Controller()
export class InsightsController {
  constructor(private readonly reports: InsightsReports) {}

  @RpcHandler(InsightsRpc.engagement)
  engagement(@RpcPayload() { days }: RpcRequest<typeof InsightsRpc.engagement>) {
    return this.reports.engagementReport(Number(days));
  }

  @RpcHandler(InsightsRpc.retention)
  retention(@RpcPayload() { itemId, days }: RpcRequest<typeof InsightsRpc.retention>) {
    return this.reports.retention(itemId, Number(days));
  }

  @RpcHandler(InsightsRpc.revenue)
  revenue(@RpcPayload() { days }: RpcRequest<typeof InsightsRpc.revenue>) {
    return this.reports.revenueReport(Number(days));
  }

  @RpcHandler(InsightsRpc.qoe)
  qoe(@RpcPayload() { days }: RpcRequest<typeof InsightsRpc.qoe>) {
    return this.reports.qoeReport(Number(days));
  }
}
