import type { MessageResponse, VerifyOtpRequest } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { authApi } from '../api/auth.api';

/** Step 2 of the password reset: check the one-time code. */
export const useVerifyOtp = ({ onSuccess, onError }: MutationCallbacks<MessageResponse> = {}) => {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: VerifyOtpRequest) => authApi.verifyOtp(client, body),
    onSuccess: (answer) => onSuccess?.(answer),
    onError: (error) => onError?.(error),
  });
};
