import { useTranslation } from 'react-i18next';
import { AuthCard } from '@web/modules/auth/components/AuthCard';
import { OAuthReturn } from '@web/modules/auth/components/OAuthReturn';

/** /oauth-success: the return from Google sign-in. */
export const OAuthSuccessPage = () => {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('oauth.title')}>
      <OAuthReturn />
    </AuthCard>
  );
};
