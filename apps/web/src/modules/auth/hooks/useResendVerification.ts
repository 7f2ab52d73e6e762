import { ErrorCode } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { ApiRequestError } from '@web/shared/api/api-request-error';
import { authApi } from '../api/auth.api';
import { useAuth } from './useAuth';

/** A new verification mail for the signed-in user; "already verified" (409) updates the stored user instead. */
export const useResendVerification = () => {
  const client = useApiClient();
  const { user, updateUser } = useAuth();
  return useMutation({
    mutationFn: () => authApi.resendVerification(client),
    onError: (error) => {
      if (user && error instanceof ApiRequestError && error.body.code === ErrorCode.Conflict)
        updateUser({ ...user, emailVerified: true });
    },
  });
};
