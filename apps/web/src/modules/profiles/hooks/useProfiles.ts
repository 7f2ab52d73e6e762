import { type Profile, ProfileKind } from '@app/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { profilesApi } from '../api/profiles.api';
import { profileKeys } from './profile-keys';

/**
 * The account's profiles and the one this session acts as (the server's word: the token names the profile). Asked
 * only for a signed-in viewer; an admin has no profiles.
 */
export const useProfiles = () => {
  const client = useApiClient();
  const { user, token } = useAuth();
  const asked = user?.role === 'user' && token !== null;
  const query = useQuery({
    queryKey: profileKeys.list(token ?? ''),
    queryFn: asked ? ({ signal }) => profilesApi.list(client, signal) : skipToken,
    staleTime: 60_000,
  });
  const current: Profile | null =
    query.data?.profiles.find((profile) => profile.id === query.data.currentProfileId) ?? null;
  return { ...query, profiles: query.data?.profiles ?? [], current };
};

/**
 * Whether the session acts as a kids profile: the screens then leave out prices, buying and account links (a
 * courtesy: the server refuses those to a kids session too). Undefined while a signed-in viewer's profile is still
 * being asked for, so a screen can hold prices back until it knows; false for a visitor, an admin, or when the
 * profiles cannot be read.
 */
export const useIsKidsProfile = (): boolean | undefined => {
  const { current, isLoading } = useProfiles();
  return isLoading ? undefined : current?.kind === ProfileKind.Kids;
};
