import { useAuth } from '@web/modules/auth/hooks/useAuth';

/** Who is watching, for the browse screens: the signed-in user (or null) and their token. */
export const useViewer = () => {
  const { user, token } = useAuth();
  return { user, token };
};
