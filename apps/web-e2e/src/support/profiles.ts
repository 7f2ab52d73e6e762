import type { CreateProfileRequest, Profile } from '@app/contracts';
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
