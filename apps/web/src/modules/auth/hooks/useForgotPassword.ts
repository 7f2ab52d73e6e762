import type { MessageResponse, ForgotPasswordRequest } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { authApi } from '../api/auth.api';

/** Step 1 of the password reset: mail a one-time code. */
export const useForgotPassword = ({ onSuccess, onError }: MutationCallbacks<MessageResponse> = {}) => {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) => authApi.forgotPassword(client, body),
    onSuccess: (answer) => onSuccess?.(answer),
    onError: (error) => onError?.(error),
  });
};
