import { type Role } from '@app/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { useAuth } from '../hooks/useAuth';
import type { GuardState } from '../origin';

type RequireRoleProps = { role: Role; children: ReactNode };

/**
 * SPEC 5: a route for one role. Anyone else (a visitor, or the other role: the two are mutually exclusive)
 * goes to that role's login page, carrying the requested location so login can return there.
 */
export const RequireRole = ({ role, children }: RequireRoleProps) => {
  const { user } = useAuth();
  const location = useLocation();
  if (user?.role === role) return children;
  const state: GuardState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
  return <Navigate to={role === 'admin' ? Paths.adminLogin : Paths.userLogin} replace state={state} />;
};
