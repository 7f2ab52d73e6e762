import type { CreateProfileRequest, Profile, ProfileSession } from '@app/contracts';
import { call } from './api';

/** Adds a profile to the account through `POST /api/profiles` (issue 25); throws unless 201. */
export const addProfile = async (
  token: string,
  profile: Pick<CreateProfileRequest, 'name' | 'avatar'> & Partial<CreateProfileRequest>,
): Promise<Profile> => {
  const { status, body } = await call<Profile>('POST', '/api/profiles', { token, body: profile });
  if (status !== 201)
    throw new Error(`adding profile ${profile.name} answered ${status}: ${JSON.stringify(body)}`);
  return body;
};

/**
 * A session acting as the profile (`POST /api/profiles/{id}/select`), for API calls a journey makes: once an account
 * has two profiles (or a locked one) its sign-in's session names none and the server refuses it every profile's
 * route (issue 25). The account's first profile has the account's id.
 */
export const chooseProfile = async (token: string, profileId: string, pin?: string): Promise<string> => {
  const { status, body } = await call<ProfileSession>('POST', `/api/profiles/${profileId}/select`, {
    token,
    body: pin === undefined ? {} : { pin },
  });
  if (status !== 200)
    throw new Error(`choosing profile ${profileId} answered ${status}: ${JSON.stringify(body)}`);
  return body.token;
};
