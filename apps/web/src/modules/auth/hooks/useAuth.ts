import type { User } from '@app/contracts';
import { createContext, useContext } from 'react';

export type AuthContextValue = {
  user: User | null;
  token: string | null;
  isSignedIn: boolean;
  /** Stores the session (local storage and state). */
  signIn: (session: { user: User; token: string }) => void;
  /** Replaces the stored user, e.g. once a password is set. */
  updateUser: (user: User) => void;
  /** Clears both keys and the state (useLogout revokes the token on the server first). */
  signOut: () => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export const useAuth = (): AuthContextValue => {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider above it');
  return value;
};
