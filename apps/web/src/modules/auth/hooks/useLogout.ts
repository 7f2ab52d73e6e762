import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { authApi } from '../api/auth.api';
import { useAuth } from './useAuth';

/**
 * SPEC 4: logout revokes the token, clears both stored keys and goes to the landing page (or `to`: a deleted
 * account lands on the page that says so).
 */
export const useLogout = ({ to = Paths.landing }: { to?: string } = {}) => {
  const client = useApiClient();
  const { isSignedIn, signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Leave the page first: on a guarded page, clearing the session first would send the guard to a login page.
    // flushSync: the landing page is on screen (the guard gone) before the session ends, not in a transition
    // that the server's answer could overtake.
    await navigate(to, { replace: true, flushSync: true });
    // The session client sends the stored token. The local session ends even when the server cannot be told
    // (it expires there on its own).
    if (isSignedIn) await authApi.logout(client).catch(() => undefined);
    signOut();
  }, [client, isSignedIn, signOut, navigate, to]);
};
