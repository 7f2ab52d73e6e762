import { useAuth } from '@web/modules/auth/hooks/useAuth';

/** Who is watching, for the browse screens: the signed-in user, or null. (API calls get the token from the session client.) */
export const useViewer = () => {
  const { user } = useAuth();
  return { user };
};
