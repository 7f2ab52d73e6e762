import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { AuthCard } from '@web/modules/auth/components/AuthCard';
import { ForgotPasswordFlow } from '@web/modules/auth/components/ForgotPasswordFlow';

/** /forgot-password: SPEC 2 three-step reset. */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation('auth');
  return (
    <AuthCard
      title={t('forgot.title')}
      footer={
        <p>
          <Link to={Paths.userLogin}>{t('forgot.backToLogin')}</Link>
        </p>
      }
    >
      <ForgotPasswordFlow />
    </AuthCard>
  );
};
