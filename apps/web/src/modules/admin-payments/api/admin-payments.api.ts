import type { ApiRouteMap, RouteReply } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/** The console's four lists, each a route under /api/admin/payments. */
const LISTS = {
  orders: 'GET /api/admin/payments/orders',
  payments: 'GET /api/admin/payments/payments',
  subscriptions: 'GET /api/admin/payments/subscriptions',
  'webhook-events': 'GET /api/admin/payments/webhook-events',
} as const satisfies Record<string, keyof ApiRouteMap>;

export type AdminDataset = keyof typeof LISTS;

/** A row of each list, as its route describes it. */
export type AdminRows = {
  [D in AdminDataset]: RouteReply<ApiRouteMap[(typeof LISTS)[D]]>['data'][number];
};

export type AdminListQuery = {
  page: number;
  pageSize: number;
  userId?: string;
  /** Part of the payer's email. */
  email?: string;
  /** Part of the title, or of the plan's name (not for webhook events). */
  title?: string;
  status?: string;
};

/** The admin payments console's calls (admin token from the session client, DECISIONS 16). */
export const adminPaymentsApi = {
  list: (client: ApiClient, dataset: AdminDataset, query: AdminListQuery, signal?: AbortSignal) =>
    client.call(LISTS[dataset], { query }, { signal }),
  mismatches: (client: ApiClient, signal?: AbortSignal) =>
    client.call('GET /api/admin/payments/mismatches', {}, { signal }),
  refund: (client: ApiClient, paymentId: string) =>
    client.call('POST /api/admin/payments/refunds', { body: { paymentId } }),
} as const;
