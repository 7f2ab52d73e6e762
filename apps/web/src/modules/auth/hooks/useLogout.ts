import { startTransition, useCallback } from 'react';
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
    // The session client takes the stored token as the request leaves, before the session ends below. The local
    // session ends even when the server cannot be told (it expires there on its own), and only below: a 401 to this
    // request (a deleted account's token) ends nothing by itself (authApi.logout).
    const revoked = isSignedIn ? authApi.logout(client).catch(() => undefined) : undefined;
    // One transition: the next page and the ended session are shown together. A guarded page must never render
    // signed out, or its guard would send the viewer to a login page instead of `to`.
    startTransition(() => {
      void navigate(to, { replace: true });
      signOut();
    });
    await revoked;
  }, [client, isSignedIn, signOut, navigate, to]);
};
