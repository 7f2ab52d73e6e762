import type { SignupRequest } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { currentLanguage } from '@web/shared/i18n/i18n';
import { authApi } from '../api/auth.api';

/** Signs up in the language shown, so the verification mail comes in it (issue 26). */
export const useSignup = () => {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: Omit<SignupRequest, 'language'>) =>
      authApi.signup(client, { ...body, language: currentLanguage() }),
  });
};
