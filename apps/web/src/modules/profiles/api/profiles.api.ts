import type { SelectProfileRequest, UpdateProfileRequest } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';
import type { CreateProfileBody } from '../profile-form';

/** The profiles of the signed-in account (issue 25), one function per call. The session client adds the token. */
export const profilesApi = {
  /** The account's profiles, oldest first, and the one this session acts as. */
  list: (client: ApiClient, signal?: AbortSignal) => client.call('GET /api/profiles', {}, { signal }),
  create: (client: ApiClient, body: CreateProfileBody) => client.call('POST /api/profiles', { body }),
  update: (client: ApiClient, profileId: string, body: UpdateProfileRequest) =>
    client.call('PATCH /api/profiles/{profileId}', { params: { profileId }, body }),
  remove: (client: ApiClient, profileId: string) =>
    client.call('DELETE /api/profiles/{profileId}', { params: { profileId } }),
  /** A new session acting as the profile: `{ token, profile }`; a locked one needs its PIN. */
  select: (client: ApiClient, profileId: string, body: SelectProfileRequest) =>
    client.call('POST /api/profiles/{profileId}/select', { params: { profileId }, body }),
} as const;
