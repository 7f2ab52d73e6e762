import { Controller, Param, Query } from '@nestjs/common';
import { AdminInsightsRoutes } from '@app/contracts';
import type { InsightsQuery } from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { InsightsClient } from './insights.client';

/** The admin Insights tab (issue 28): admin only, by each route's description. */
@Controller()
export class AdminInsightsController {
  constructor(private readonly insights: InsightsClient) {}

  @Endpoint(AdminInsightsRoutes.engagement)
  engagement(@Query() query: InsightsQuery) {
    return this.insights.engagement(query);
  }

  @Endpoint(AdminInsightsRoutes.retention)
  retention(@Param('id') itemId: string, @Query() query: InsightsQuery) {
    return this.insights.retention(itemId, query);
  }

  @Endpoint(AdminInsightsRoutes.revenue)
  revenue(@Query() query: InsightsQuery) {
    return this.insights.revenue(query);
  }

  @Endpoint(AdminInsightsRoutes.qoe)
  qoe(@Query() query: InsightsQuery) {
    return this.insights.qoe(query);
  }
}
