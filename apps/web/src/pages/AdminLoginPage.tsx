import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { AuthCard } from '@web/modules/auth/components/AuthCard';
import { LoginForm } from '@web/modules/auth/components/LoginForm';

/** /adminlogin: SPEC 2 admin sign-in. */
export const AdminLoginPage = () => {
  const { t } = useTranslation('auth');
  return (
    <AuthCard
      title={t('adminLogin.title')}
      lead={t('adminLogin.lead')}
      footer={
        <p>
          <Link to={Paths.userLogin}>{t('userSignInLink')}</Link>
        </p>
      }
    >
      <LoginForm variant="admin" />
    </AuthCard>
  );
};
