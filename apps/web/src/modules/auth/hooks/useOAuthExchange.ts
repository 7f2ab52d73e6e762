import type { SessionToken } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { authApi } from '../api/auth.api';
import { useAuth } from './useAuth';

/** Trades the one-time OAuth code (DECISIONS 18) for a session, which is stored. */
export const useOAuthExchange = ({ onSuccess, onError }: MutationCallbacks<SessionToken> = {}) => {
  const client = useApiClient();
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (code: string) => authApi.exchangeOAuthCode(client, code),
    onSuccess: (session) => {
      signIn({ token: session.token, user: session.user });
      onSuccess?.(session);
    },
    onError: (error) => onError?.(error),
  });
};
