import type { AdminDataset, AdminListQuery } from '../api/admin-payments.api';

/** TanStack Query keys of the payments console: a refund reads every list and the report again. */
export const adminPaymentKeys = {
  all: ['admin', 'payments'] as const,
  list: (dataset: AdminDataset, query: AdminListQuery) => [...adminPaymentKeys.all, dataset, query] as const,
  mismatches: () => [...adminPaymentKeys.all, 'mismatches'] as const,
};
