import type { ProfileList, ProfileSession } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { profilesApi } from '../api/profiles.api';
import { profileKeys } from './profile-keys';

export type ProfileChoice = { profileId: string; pin?: string };

/**
 * "Who's watching?" and the header's switch: the server answers a session acting as the profile, stored as the
 * session's token is (the same keys as sign-in). Every other cached answer belonged to the profile before (its
 * history, rows), so the cache starts over.
 */
export const useSelectProfile = ({ onSuccess, onError }: MutationCallbacks<ProfileSession> = {}) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user, token, signIn } = useAuth();
  return useMutation({
    mutationFn: ({ profileId, pin }: ProfileChoice) =>
      profilesApi.select(client, profileId, pin === undefined ? {} : { pin }),
    onSuccess: (session) => {
      // The new session's list is known already: the screens that follow (a kids home) need not wait for it.
      const before = queryClient.getQueryData<ProfileList>(profileKeys.list(token ?? ''));
      if (before)
        queryClient.setQueryData<ProfileList>(profileKeys.list(session.token), {
          profiles: before.profiles.map((profile) =>
            profile.id === session.profile.id ? session.profile : profile,
          ),
          currentProfileId: session.profile.id,
        });
      queryClient.removeQueries({ queryKey: profileKeys.list(token ?? '') });
      if (user) signIn({ user, token: session.token });
      void queryClient.resetQueries({ predicate: ({ queryKey }) => queryKey[0] !== profileKeys.all[0] });
      onSuccess?.(session);
    },
    onError: (error) => onError?.(error),
  });
};
