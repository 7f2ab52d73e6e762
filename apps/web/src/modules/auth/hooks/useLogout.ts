import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { useAuth } from './useAuth';

/** SPEC 4: logout revokes the token, clears both stored keys and goes to the landing page. */
export const useLogout = () => {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Leave the page first: on a guarded page, clearing the session first would send the guard to a login page.
    await navigate(Paths.landing, { replace: true });
    await signOut();
  }, [signOut, navigate]);
};
