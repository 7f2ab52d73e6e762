import { Role, UiLanguage, type User, UserStatus } from '@app/contracts';

/** SPEC 3 and 9: the local storage keys. */
export const USER_STORAGE_KEY = 'user';
export const TOKEN_STORAGE_KEY = 'token';

export type StoredSession = { user: User; token: string };

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export const clearStoredSession = (): void => {
  const store = storage();
  store?.removeItem(USER_STORAGE_KEY);
  store?.removeItem(TOKEN_STORAGE_KEY);
};

const roles = new Set<unknown>(Object.values(Role));
const statuses = new Set<unknown>(Object.values(UserStatus));
const languages = new Set<unknown>(Object.values(UiLanguage));

/** The stored user has UserSchema's shape (contracts). Checked by hand: zod stays out of the first screen's JavaScript. */
const isUser = (value: unknown): value is User => {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    ['id', 'username', 'email', 'createdAt'].every((key) => typeof user[key] === 'string') &&
    roles.has(user.role) &&
    statuses.has(user.status) &&
    (user.profileImage === null || typeof user.profileImage === 'string') &&
    typeof user.hasPassword === 'boolean' &&
    (user.emailVerified === undefined || typeof user.emailVerified === 'boolean') &&
    (user.language === undefined || languages.has(user.language))
  );
};

const parseUser = (raw: string): User | null => {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isUser(parsed)) return null;
    // Only the known fields, as a schema parse would keep.
    const {
      id,
      username,
      email,
      role,
      status,
      createdAt,
      profileImage,
      hasPassword,
      emailVerified,
      language,
    } = parsed;
    return {
      id,
      username,
      email,
      role,
      status,
      createdAt,
      profileImage,
      hasPassword,
      ...(emailVerified === undefined ? {} : { emailVerified }),
      ...(language === undefined ? {} : { language }),
    };
  } catch {
    return null;
  }
};

/**
 * The stored session (SPEC 4): signed in only when both a user and a token are stored. A half-stored
 * session or unreadable user is corrupt data and is cleared silently (SPEC 8).
 */
export const readStoredSession = (): StoredSession | null => {
  const store = storage();
  if (!store) return null;
  const rawUser = store.getItem(USER_STORAGE_KEY);
  const token = store.getItem(TOKEN_STORAGE_KEY);
  if (rawUser === null && token === null) return null;
  const user = rawUser === null ? null : parseUser(rawUser);
  if (!user || !token) {
    clearStoredSession();
    return null;
  }
  return { user, token };
};

export const storeSession = ({ user, token }: StoredSession): void => {
  const store = storage();
  store?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  store?.setItem(TOKEN_STORAGE_KEY, token);
};
