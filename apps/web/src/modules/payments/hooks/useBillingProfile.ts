import type { GstStateCode } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { paymentsApi } from '../api/payments.api';
import { paymentKeys } from './payment-keys';

/** The billing state and GSTIN on the viewer's tax invoices (issue 27). */
export const useBillingProfile = (userId: string | undefined) => {
  const client = useApiClient();
  return useQuery({
    queryKey: paymentKeys.billingProfile(userId ?? ''),
    queryFn: ({ signal }) => paymentsApi.billingProfile(client, userId ?? '', signal),
    enabled: Boolean(userId),
  });
};

export const useSaveBillingProfile = (userId: string) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { state: GstStateCode; gstin: string | null }) =>
      paymentsApi.saveBillingProfile(client, userId, body),
    onSuccess: (saved) => queryClient.setQueryData(paymentKeys.billingProfile(userId), saved),
  });
};

/**
 * "Asked once at the first payment" (issue 27): while the account has no billing state, the checkout shows a state
 * picker and `ensure()` saves the choice before the order is made; afterwards it asks nothing.
 */
export const useBillingStateGate = () => {
  const { user } = useAuth();
  const { data } = useBillingProfile(user?.id);
  const save = useSaveBillingProfile(user?.id ?? '');
  const [state, setState] = useState<GstStateCode | ''>('');
  const needed = Boolean(user) && data !== undefined && data.state === null;
  /** Whether the payment may go on (the state was known or is saved now). */
  const ensure = async (): Promise<boolean> => {
    if (!needed) return true;
    if (!state) return false;
    try {
      await save.mutateAsync({ state, gstin: null });
      return true;
    } catch {
      return false;
    }
  };
  return { needed, state, setState, ensure, missing: needed && !state };
};
export type BillingStateGate = ReturnType<typeof useBillingStateGate>;
