import type { User } from '@app/contracts';
import { lazy, Suspense, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { Button, buttonClass } from '@web/shared/ui/Button';
import { AuthContext } from '../hooks/useAuth';
import { useLogout } from '../hooks/useLogout';

// Its own chunk: only an account that has not verified its email needs it (the landing page's header stays small).
const EmailVerificationNotice = lazy(async () => ({
  default: (await import('./EmailVerificationNotice')).EmailVerificationNotice,
}));

/** The landing page's account corner: Sign In for a visitor; the home screen and Logout once signed in. */
export const AccountMenu = () => {
  const { t } = useTranslation('layout');
  // Tolerates a tree without an AuthProvider (a component rendered on its own): that is a visitor.
  const user = useContext(AuthContext)?.user;
  if (!user) {
    return (
      <Link to={Paths.userLogin} className={buttonClass({ size: 'sm' })}>
        {t('signIn')}
      </Link>
    );
  }
  return <SignedInMenu user={user} />;
};

/** "Email not verified — Resend" for an account that has not verified its email; nothing for anyone else. */
export const UnverifiedEmailNotice = ({ user }: { user: User }) =>
  user.emailVerified === false && (
    <Suspense fallback={null}>
      <EmailVerificationNotice />
    </Suspense>
  );

const SignedInMenu = ({ user }: { user: User }) => {
  const { t } = useTranslation('layout');
  const logout = useLogout();
  const isAdmin = user.role === 'admin';
  return (
    <>
      <UnverifiedEmailNotice user={user} />
      <Link to={isAdmin ? Paths.adminDashboard : Paths.userDashboard} className={buttonClass({ size: 'sm' })}>
        {isAdmin ? t('account.adminDashboard') : t('account.dashboard')}
      </Link>
      <Button variant="ghost" size="sm" onClick={() => void logout()}>
        {t('account.logout')}
      </Button>
    </>
  );
};
