import { Navigate, useLocation } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import type { GuardState } from '@web/modules/auth/origin';
import { useProfiles } from '../hooks/useProfiles';

/**
 * Issue 25: a session that names no profile (a sign-in's, when the account has several profiles or a locked one) is
 * refused every screen's data by the server until a profile is chosen, so every page sends it to "Who's watching?"
 * first, carrying where it was going. Renders nothing otherwise (a visitor, an admin, a session acting as a profile).
 */
export const ChooseProfileFirst = () => {
  const { data } = useProfiles();
  const { pathname, search, hash } = useLocation();
  if (data?.currentProfileId !== null || pathname === Paths.whoIsWatching) return null;
  const state: GuardState = { from: { pathname, search, hash } };
  return <Navigate to={Paths.whoIsWatching} replace state={state} />;
};
