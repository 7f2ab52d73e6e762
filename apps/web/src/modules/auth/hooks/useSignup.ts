import type { SignupRequest } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { authApi } from '../api/auth.api';

export const useSignup = () => {
  const client = useApiClient();
  return useMutation({ mutationFn: (body: SignupRequest) => authApi.signup(client, body) });
};
