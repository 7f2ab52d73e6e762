import type { Types } from 'mongoose';
import {
  Classification,
  DEFAULT_CAPTION_STYLE,
  PROFILE_AVATARS,
  PROFILE_NAME_MAX_LENGTH,
  ProfileKind,
  UiLanguage,
} from '@app/contracts';
import { captionFields } from './profile.mapper';
import type { ProfileRecord } from './profile.schema';

export type StoredProfile = ProfileRecord & { _id: Types.ObjectId };
type Account = { _id: Types.ObjectId; username: string; createdAt?: Date; profiles?: ProfileRecord[] };

/** What uniqueness compares: "Asha", " asha " and "ASHA" are one name. */
export const nameKeyOf = (name: string) => name.trim().normalize('NFC').toLocaleLowerCase('en-IN');

/**
 * The one profile an account from before profiles holds all its data in. Its id is the account's id: every service
 * keys that data by the account id today, so history, My List, settings and the recommender's counts already belong
 * to it with nothing rewritten anywhere, a session without a profile (an older token) names it without a lookup, and
 * making it twice (two replicas, a retry) makes the same profile. Standard, ceiling A: what the account saw so far.
 */
export const defaultProfileOf = (account: Account): StoredProfile => {
  const name = account.username.trim().slice(0, PROFILE_NAME_MAX_LENGTH).trim() || 'Profile';
  return {
    _id: account._id,
    name,
    nameKey: nameKeyOf(name),
    avatar: PROFILE_AVATARS[0],
    kind: ProfileKind.Standard,
    maturityCeiling: Classification.A,
    uiLanguage: UiLanguage.English,
    audioLanguage: 'en',
    subtitleLanguage: null,
    autoplayNext: true,
    askBeforeNext: true,
    ...captionFields(DEFAULT_CAPTION_STYLE),
    pinHash: null,
    createdAt: account.createdAt ?? account._id.getTimestamp(),
  };
};

/** The account's profiles, oldest first: the stored ones, or the default one it has before any is stored. */
export const profilesOf = (account: Account): StoredProfile[] =>
  (account.profiles as StoredProfile[] | undefined) ?? [defaultProfileOf(account)];

/**
 * The profile a session acts as: the one its token names (null once deleted: the session is over), or, for a token
 * that names none (a sign-in's, or one from before profiles), the account's only profile when it has exactly one and
 * it is unlocked (issue 25: Who's watching? is skipped then); `undefined` otherwise: the session has to choose one,
 * and never acts as the default profile meanwhile (it may be locked, or see more than the person holding the token).
 */
export const sessionProfileOf = (
  account: Account,
  profileId: string | undefined,
): StoredProfile | null | undefined => {
  const profiles = profilesOf(account);
  if (profileId === undefined) {
    const [only] = profiles;
    return profiles.length === 1 && only && !only.pinHash ? only : undefined;
  }
  return profiles.find(({ _id }) => _id.toHexString() === profileId) ?? null;
};
