import type { MessageResponse, ResetPasswordRequest } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { authApi } from '../api/auth.api';

/** Step 3 of the password reset: the new password, with the code. */
export const useResetPassword = ({ onSuccess, onError }: MutationCallbacks<MessageResponse> = {}) => {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) => authApi.resetPassword(client, body),
    onSuccess: (answer) => onSuccess?.(answer),
    onError: (error) => onError?.(error),
  });
};
