import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { type AdminDataset, type AdminListQuery, adminPaymentsApi } from '../api/admin-payments.api';
import { adminPaymentKeys } from './admin-payments-keys';

/** Rows per page of a console list (the gateway allows up to 100). */
export const ADMIN_PAYMENTS_PAGE_SIZE = 20;

/** One page of one console list, filtered by user and status. */
export const useAdminPaymentList = <D extends AdminDataset>(dataset: D, query: AdminListQuery) => {
  const client = useApiClient();
  return useQuery({
    queryKey: adminPaymentKeys.list(dataset, query),
    queryFn: ({ signal }) => adminPaymentsApi.list(client, dataset, query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
};

/** Paid without entitlement, entitlement without payment, and when the reconciler last ran. */
export const useMismatchReport = () => {
  const client = useApiClient();
  return useQuery({
    queryKey: adminPaymentKeys.mismatches(),
    queryFn: ({ signal }) => adminPaymentsApi.mismatches(client, signal),
    retry: false,
  });
};

/** Refund a purchase or rental payment; every console list and the report are read again. */
export const useRefund = () => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) => adminPaymentsApi.refund(client, paymentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all }),
  });
};
