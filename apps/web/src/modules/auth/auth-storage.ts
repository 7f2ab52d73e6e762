import { type User, UserSchema } from '@app/contracts';

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

const parseUser = (raw: string): User | null => {
  try {
    const parsed = UserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
