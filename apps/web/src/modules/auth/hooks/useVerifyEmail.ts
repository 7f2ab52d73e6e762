import type { MessageResponse } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { authApi } from '../api/auth.api';
import { useAuth } from './useAuth';

/**
 * Opens the verification link (DECISIONS 33). The link may be for another account than the one signed in here, so
 * the signed-in user is read again from the server rather than marked verified.
 */
export const useVerifyEmail = ({ onSuccess, onError }: MutationCallbacks<MessageResponse> = {}) => {
  const client = useApiClient();
  const { isSignedIn, updateUser } = useAuth();
  return useMutation({
    mutationFn: async (token: string) => {
      const answer = await authApi.verifyEmail(client, { token });
      if (isSignedIn) await authApi.currentUser(client).then(updateUser, () => undefined);
      return answer;
    },
    onSuccess: (answer) => onSuccess?.(answer),
    onError: (error) => onError?.(error),
  });
};
