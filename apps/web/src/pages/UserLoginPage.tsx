import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { AuthCard } from '@web/modules/auth/components/AuthCard';
import { LoginForm } from '@web/modules/auth/components/LoginForm';

/** /userlogin and /login (the Watch Now target): SPEC 2 user sign-in. */
export const UserLoginPage = () => {
  const { t } = useTranslation('auth');
  return (
    <AuthCard
      title={t('userLogin.title')}
      lead={t('userLogin.lead')}
      footer={
        <p>
          {t('newHere')} <Link to={Paths.signup}>{t('signUpLink')}</Link>
        </p>
      }
    >
      <LoginForm variant="user" />
    </AuthCard>
  );
};
