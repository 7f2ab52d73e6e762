import {
  EngagementReportSchema,
  InsightsQuerySchema,
  InsightsTitlePathSchema,
  QoeAcceptedSchema,
  QoeBatchRequestSchema,
  QoeMessages,
  QoeReportSchema,
  RetentionReportSchema,
  RevenueReportSchema,
} from '../insights';
import { json, route } from './route';

/**
 * The player's QoE batches (issue 28): for the caller's own lease only. Declared by the gateway before
 * `POST /api/playback/{id}`, so `qoe` is not read as an id.
 */
export const QoeRoutes = {
  report: route({
    method: 'post',
    path: '/api/playback/qoe',
    tag: 'playback',
    access: 'user',
    summary:
      "The player's sampled quality of experience (time to first frame, rebuffering, bitrate switches, fatal errors, rendition) for one of the caller's own streams; the browser is read from the User-Agent",
    body: QoeBatchRequestSchema,
    ok: json(200, QoeAcceptedSchema),
    errors: { 404: QoeMessages.notYourLease },
  }),
} as const;

/** The admin Insights tab (issue 28): pre-aggregated engagement, retention, revenue and QoE over 7, 30 or 90 days. */
export const AdminInsightsRoutes = {
  engagement: route({
    method: 'get',
    path: '/api/admin/insights/engagement',
    tag: 'admin',
    access: 'admin',
    summary: 'Admin: plays, viewers (new and returning), watch time, completion per day, title and genre',
    query: InsightsQuerySchema,
    ok: json(200, EngagementReportSchema),
  }),
  retention: route({
    method: 'get',
    path: '/api/admin/insights/titles/{id}/retention',
    tag: 'admin',
    access: 'admin',
    summary:
      "Admin: a title's retention curve: share of its starters still watching at each 10 % of the runtime",
    params: InsightsTitlePathSchema,
    query: InsightsQuerySchema,
    ok: json(200, RetentionReportSchema),
  }),
  revenue: route({
    method: 'get',
    path: '/api/admin/insights/revenue',
    tag: 'admin',
    access: 'admin',
    summary:
      'Admin: revenue in paise (GST apart): subscriptions, purchases, rentals, refunds, new, renewed and churned subscriptions, MRR by plan',
    query: InsightsQuerySchema,
    ok: json(200, RevenueReportSchema),
  }),
  qoe: route({
    method: 'get',
    path: '/api/admin/insights/qoe',
    tag: 'admin',
    access: 'admin',
    summary:
      'Admin: start-up time (p50, p95) and rebuffer ratio per day, per title, per browser and per rendition',
    query: InsightsQuerySchema,
    ok: json(200, QoeReportSchema),
  }),
} as const;
