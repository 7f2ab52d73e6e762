import type { DeclareAgeRequest, ParentalSettings, UpdateParentalRequest } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { parentalApi } from '../api/parental.api';

const parentalKeys = { settings: (userId: string | null) => ['parental', userId] as const };

/** The account's parental controls, as the server holds them (never the PIN). */
export const useParentalSettings = () => {
  const client = useApiClient();
  const { user } = useAuth();
  return useQuery({
    queryKey: parentalKeys.settings(user?.id ?? null),
    queryFn: ({ signal }) => parentalApi.settings(client, signal),
    enabled: user !== null,
  });
};

/** The new settings replace the held ones at once (the server's answer). */
const useStoreSettings = () => {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return (settings: ParentalSettings) =>
    queryClient.setQueryData(parentalKeys.settings(user?.id ?? null), settings);
};

/** Sets the PIN and/or its class, after the account password (or the emailed code). */
export const useUpdateParental = () => {
  const client = useApiClient();
  const store = useStoreSettings();
  return useMutation({
    mutationFn: (body: UpdateParentalRequest) => parentalApi.update(client, body),
    onSuccess: store,
  });
};

/** The account holder's date of birth, declared once (the first A playback asks). */
export const useDeclareAge = ({ onSuccess }: { onSuccess?: () => void } = {}) => {
  const client = useApiClient();
  const store = useStoreSettings();
  return useMutation({
    mutationFn: (body: DeclareAgeRequest) => parentalApi.declareAge(client, body),
    onSuccess: (settings) => {
      store(settings);
      onSuccess?.();
    },
  });
};

/** Mails the account's address a code that resets a forgotten PIN. */
export const useMailParentalCode = () => {
  const client = useApiClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: () => parentalApi.mailCode(client, user?.email ?? ''),
  });
};
