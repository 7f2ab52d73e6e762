import type { LoginRequest, LoginResponse } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { authApi } from '../api/auth.api';
import { useAuth } from './useAuth';

/** User or admin sign-in (two endpoints, one answer shape); success stores the session. */
export const useLogin = (
  variant: 'user' | 'admin',
  { onSuccess, onError }: MutationCallbacks<LoginResponse> = {},
) => {
  const client = useApiClient();
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      variant === 'admin' ? authApi.adminLogin(client, body) : authApi.login(client, body),
    onSuccess: (answer) => {
      signIn({ token: answer.token, user: answer.user });
      onSuccess?.(answer);
    },
    onError: (error) => onError?.(error),
  });
};
