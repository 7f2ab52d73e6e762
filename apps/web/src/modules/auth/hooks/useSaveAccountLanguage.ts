import type { SetLanguageRequest } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { accountLanguageApi } from '../api/account-language.api';
import { useAuth } from './useAuth';

/** Saves the signed-in account's language; the stored user then has it. */
export const useSaveAccountLanguage = () => {
  const client = useApiClient();
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: (body: SetLanguageRequest) => accountLanguageApi.save(client, body),
    onSuccess: updateUser,
  });
};
