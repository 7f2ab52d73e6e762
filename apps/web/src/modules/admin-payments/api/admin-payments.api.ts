import type {
  AdminOrder,
  AdminPayment,
  AdminSubscription,
  AdminWebhookEvent,
  MismatchReport,
  Page,
} from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/** The console's four lists, by their path under /api/admin/payments. */
export type AdminDataset = 'orders' | 'payments' | 'subscriptions' | 'webhook-events';

export type AdminRows = {
  orders: AdminOrder;
  payments: AdminPayment;
  subscriptions: AdminSubscription;
  'webhook-events': AdminWebhookEvent;
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
  list: <D extends AdminDataset>(
    client: ApiClient,
    dataset: D,
    query: AdminListQuery,
    signal?: AbortSignal,
  ) => client.get<Page<AdminRows[D]>>(`/api/admin/payments/${dataset}`, { query, signal }),
  mismatches: (client: ApiClient, signal?: AbortSignal) =>
    client.get<MismatchReport>('/api/admin/payments/mismatches', { signal }),
  refund: (client: ApiClient, paymentId: string) =>
    client.post<AdminPayment>('/api/admin/payments/refunds', { body: { paymentId } }),
} as const;
