import { useTranslation } from 'react-i18next';
import { AuthCard } from '@web/modules/auth/components/AuthCard';
import { SetPasswordForm } from '@web/modules/auth/components/SetPasswordForm';

/** /set-password: after a Google sign-in without a password. */
export const SetPasswordPage = () => {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('setPassword.title')} lead={t('setPassword.lead')}>
      <SetPasswordForm />
    </AuthCard>
  );
};
