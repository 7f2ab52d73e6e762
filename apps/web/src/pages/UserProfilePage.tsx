import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { UserProfile } from '@web/modules/profile/components/UserProfile';
import { profileStrings } from '@web/modules/profile/strings';
import { pageStrings } from './strings';

/** /userprofile (SPEC 2), behind the user route guard. */
export const UserProfilePage = () => {
  const { user } = useAuth();
  return (
    <PageShell>
      <title>{pageStrings.documentTitle(profileStrings.title)}</title>
      {user && <UserProfile user={user} />}
    </PageShell>
  );
};
