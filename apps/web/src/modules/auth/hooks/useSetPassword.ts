import type { SetPasswordRequest } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { authApi } from '../api/auth.api';
import { useAuth } from './useAuth';

/** Sets the signed-in user's password; the stored user then has one. */
export const useSetPassword = () => {
  const client = useApiClient();
  const { user, updateUser } = useAuth();
  return useMutation({
    mutationFn: (body: SetPasswordRequest) => authApi.setPassword(client, body),
    onSuccess: () => {
      if (user) updateUser({ ...user, hasPassword: true });
    },
  });
};
