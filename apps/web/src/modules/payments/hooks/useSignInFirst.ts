import { useCallback } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import type { GuardState } from '@web/modules/auth/origin';

const guardStateAt = (location: Location, search?: string): GuardState => ({
  from: { pathname: location.pathname, search: search ?? location.search, hash: location.hash },
});

/**
 * The state the route guard (RequireRole) hands /userlogin: where the visitor was, so signing in brings them
 * back. `search` replaces the current query (e.g. the plan they chose).
 */
export const useSignInState = (search?: string): GuardState => guardStateAt(useLocation(), search);

/** Sends a visitor to /userlogin the guard's way, to come back here after signing in. */
export const useSignInFirst = () => {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (search?: string) => void navigate(Paths.userLogin, { state: guardStateAt(location, search) }),
    [location, navigate],
  );
};
