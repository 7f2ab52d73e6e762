import type { Profile, UpdateProfileRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { profilesApi } from '../api/profiles.api';
import type { CreateProfileBody } from '../profile-form';
import { profileKeys } from './profile-keys';

/** Add, edit and delete on Manage Profiles; each refreshes the list once the server has answered. */
const useProfileMutation = <Input, Output>(
  send: (input: Input) => Promise<Output>,
  { onSuccess, onError }: MutationCallbacks<Output>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      onSuccess?.(answer);
    },
    onError: (error) => onError?.(error),
  });
};

export const useCreateProfile = (callbacks: MutationCallbacks<Profile> = {}) => {
  const client = useApiClient();
  return useProfileMutation((body: CreateProfileBody) => profilesApi.create(client, body), callbacks);
};

export const useUpdateProfile = (callbacks: MutationCallbacks<Profile> = {}) => {
  const client = useApiClient();
  return useProfileMutation(
    ({ profileId, changes }: { profileId: string; changes: UpdateProfileRequest }) =>
      profilesApi.update(client, profileId, changes),
    callbacks,
  );
};

export const useDeleteProfile = (callbacks: MutationCallbacks<void> = {}) => {
  const client = useApiClient();
  return useProfileMutation((profileId: string) => profilesApi.remove(client, profileId), callbacks);
};
