import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InsightsRange } from '@app/contracts';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { adminInsightsApi } from '../api/admin-insights.api';

const keys = {
  all: ['admin', 'insights'] as const,
  report: (name: string, days: InsightsRange) => [...keys.all, name, days] as const,
  retention: (itemId: string, days: InsightsRange) => [...keys.all, 'retention', itemId, days] as const,
};

/** Engagement over the range: daily series, top titles, genres. */
export const useEngagementInsights = (days: InsightsRange) => {
  const client = useApiClient();
  return useQuery({
    queryKey: keys.report('engagement', days),
    queryFn: ({ signal }) => adminInsightsApi.engagement(client, days, signal),
    placeholderData: keepPreviousData,
    // One more try: a report is a read, and a busy service may miss one deadline.
    retry: 1,
  });
};

export const useRevenueInsights = (days: InsightsRange) => {
  const client = useApiClient();
  return useQuery({
    queryKey: keys.report('revenue', days),
    queryFn: ({ signal }) => adminInsightsApi.revenue(client, days, signal),
    placeholderData: keepPreviousData,
    retry: 1,
  });
};

export const useQoeInsights = (days: InsightsRange) => {
  const client = useApiClient();
  return useQuery({
    queryKey: keys.report('qoe', days),
    queryFn: ({ signal }) => adminInsightsApi.qoe(client, days, signal),
    placeholderData: keepPreviousData,
    retry: 1,
  });
};

/** One title's retention curve; nothing is asked until a title is chosen. */
export const useRetention = (itemId: string | null, days: InsightsRange) => {
  const client = useApiClient();
  return useQuery({
    queryKey: keys.retention(itemId ?? '', days),
    queryFn: ({ signal }) => adminInsightsApi.retention(client, itemId ?? '', days, signal),
    enabled: itemId !== null,
    retry: false,
  });
};
