import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { authApi } from '../api/auth.api';
import { authKeys } from './auth-keys';

export const useCaptchaConfig = () => {
  const client = useApiClient();
  return useQuery({
    queryKey: authKeys.captcha(),
    queryFn: ({ signal }) => authApi.captchaConfig(client, signal),
    staleTime: Infinity,
  });
};
