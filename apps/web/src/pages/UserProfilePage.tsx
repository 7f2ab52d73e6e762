import { useTranslation } from 'react-i18next';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { UserProfile } from '@web/modules/profile/components/UserProfile';

/** /userprofile (SPEC 2), behind the user route guard. */
export const UserProfilePage = () => {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  return (
    <PageShell>
      <DocumentTitle title={t('title')} />
      {user && <UserProfile user={user} />}
    </PageShell>
  );
};
