import { useTranslation } from 'react-i18next';
import { AuthCard } from './AuthCard';
import { VerifyEmailResult } from './VerifyEmailResult';

/** /verify-email: the page the verification mail links to (DECISIONS 33). */
export const VerifyEmailPage = () => {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('verification.title')}>
      <VerifyEmailResult />
    </AuthCard>
  );
};
