import type { User } from '@app/contracts';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { ApiClientProvider, useApiClient } from '@web/shared/api/ApiClientProvider';
import { withSession } from '@web/shared/api/session-client';
import {
  clearStoredSession,
  readStoredSession,
  type StoredSession,
  storeSession,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
} from '../auth-storage';
import { AuthContext, type AuthContextValue } from '../hooks/useAuth';
import { AccountLanguage } from './AccountLanguage';

/**
 * The signed-in state of SPEC 4. Local storage is read synchronously before the first render, so nothing
 * renders in a half-loaded state. Below it, every API call carries the token and a 401 ends the session.
 */
export const AuthProvider = ({ children }: { children: ReactNode }) => {
  const baseClient = useApiClient();
  const [session, setSession] = useState<StoredSession | null>(readStoredSession);

  const clear = useCallback(() => {
    clearStoredSession();
    setSession(null);
  }, []);

  const client = useMemo(
    () =>
      withSession(baseClient, { getToken: () => readStoredSession()?.token ?? null, onUnauthorized: clear }),
    [baseClient, clear],
  );

  // Signed in or out in another tab.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === USER_STORAGE_KEY || event.key === TOKEN_STORAGE_KEY)
        setSession(readStoredSession());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signIn = useCallback((next: StoredSession) => {
    storeSession(next);
    setSession(next);
  }, []);

  const updateUser = useCallback((user: User) => {
    setSession((current) => {
      if (!current) return current;
      const next = { ...current, user };
      storeSession(next);
      return next;
    });
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session?.user ?? null,
      token: session?.token ?? null,
      isSignedIn: session !== null,
      signIn,
      updateUser,
      signOut: clear,
    }),
    [session, signIn, updateUser, clear],
  );

  return (
    <AuthContext value={value}>
      <ApiClientProvider client={client}>
        <AccountLanguage />
        {children}
      </ApiClientProvider>
    </AuthContext>
  );
};
