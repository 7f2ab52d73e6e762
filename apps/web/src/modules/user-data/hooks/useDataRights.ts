import type { DeleteAccountRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Paths } from '@web/app/paths';
import { useLogout } from '@web/modules/auth/hooks/useLogout';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { userDataApi } from '../api/user-data.api';
import { exportFileName, saveJsonFile } from '../export-file';
import { userDataKeys } from './user-data-keys';

/** "Download my data" (DECISIONS 32): fetches the export and saves it as `streamly-data-YYYY-MM-DD.json`. */
export const useDownloadMyData = (userId: string) => {
  const client = useApiClient();
  return useMutation({
    mutationFn: async () => {
      const file = await userDataApi.exportData(client, userId);
      saveJsonFile(file, exportFileName(new Date()));
    },
  });
};

/**
 * "Delete my account" (DECISIONS 32). Once the server has erased it, the viewer is signed out the usual way
 * (the session ends, the app goes to /account-deleted) and what this tab cached of their data is dropped.
 */
export const useDeleteAccount = (userId: string) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const logout = useLogout({ to: Paths.accountDeleted });
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) => userDataApi.deleteAccount(client, userId, body),
    onSuccess: async () => {
      await logout();
      queryClient.removeQueries({ queryKey: userDataKeys.ofUser(userId) });
    },
  });
};
