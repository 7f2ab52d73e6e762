import { UiLanguage } from '@app/contracts';
import type { AccountExport, SessionProfile, SessionUser, User } from '@app/contracts';
import type { StoredUser } from './users.repository';

/** Issue 26: the language the account's mails are written in (English for an account from before it). */
export const languageOf = (user: Pick<StoredUser, 'language'>): UiLanguage =>
  user.language ?? UiLanguage.English;

export const toUser = (user: StoredUser): User => ({
  id: user._id.toHexString(),
  username: user.username,
  email: user.email,
  role: user.role,
  status: user.status,
  createdAt: (user.createdAt ?? user._id.getTimestamp()).toISOString(),
  profileImage: user.profileImage ?? null,
  hasPassword: Boolean(user.passwordHash),
  emailVerified: user.emailVerified === true,
  language: languageOf(user),
});

export const toSessionUser = (
  user: StoredUser,
  sessionId: string,
  profile: SessionProfile | undefined,
  deviceId: string,
): SessionUser => ({
  id: user._id.toHexString(),
  username: user.username,
  email: user.email,
  role: user.role,
  status: user.status,
  sessionId,
  deviceId,
  emailVerified: user.emailVerified === true,
  language: languageOf(user),
  ...(profile ? { profile } : {}),
});

/** "Download my data" (DECISIONS 32): the account as stored, without the hash, the Google id or the token version. */
export const toAccountExport = (user: StoredUser): AccountExport => ({
  ...toUser(user),
  googleLinked: Boolean(user.googleId),
  language: languageOf(user),
  // Issue 25: the declared date of birth is the account holder's personal data too (DECISIONS 32).
  ...(user.dateOfBirth === undefined ? {} : { dateOfBirth: user.dateOfBirth }),
});
