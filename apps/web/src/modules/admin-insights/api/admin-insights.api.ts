import type { InsightsRange } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/** The Insights tab's calls (issue 28; admin token from the session client, DECISIONS 16). */
export const adminInsightsApi = {
  engagement: (client: ApiClient, days: InsightsRange, signal?: AbortSignal) =>
    client.call('GET /api/admin/insights/engagement', { query: { days } }, { signal }),
  revenue: (client: ApiClient, days: InsightsRange, signal?: AbortSignal) =>
    client.call('GET /api/admin/insights/revenue', { query: { days } }, { signal }),
  qoe: (client: ApiClient, days: InsightsRange, signal?: AbortSignal) =>
    client.call('GET /api/admin/insights/qoe', { query: { days } }, { signal }),
  retention: (client: ApiClient, itemId: string, days: InsightsRange, signal?: AbortSignal) =>
    client.call(
      'GET /api/admin/insights/titles/{id}/retention',
      { params: { id: itemId }, query: { days } },
      { signal },
    ),
} as const;
