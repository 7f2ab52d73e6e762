import { ProfileKind } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { KidsHome } from '@web/modules/movies/components/KidsHome';
import { UserDashboard } from '@web/modules/movies/components/UserDashboard';
import { useProfiles } from '@web/modules/profiles/hooks/useProfiles';
import { MyList } from '@web/modules/user-data/components/MyList';

// /recommended is served from this module too: it shares the user home's chunk (the same rows, cards and hooks)
// rather than adding a chunk, and its name in the first screen's preload map, of its own.
export { RecommendedPage } from './RecommendedPage';

/** /userdashboard (SPEC 2 "User home"); a kids profile's simpler home (issue 25). */
export const UserDashboardPage = () => {
  const { current } = useProfiles();
  return current?.kind === ProfileKind.Kids ? <KidsHome name={current.name} /> : <UserDashboard />;
};

/**
 * /my-list, the top bar's My List (DECISIONS 29: the favorites), behind the user route guard. In this module so it
 * shares the user home's chunk (the same cards and modals) rather than adding one to the first screen's map.
 */
export const MyListPage = () => {
  const { t } = useTranslation('userData');
  const { user } = useAuth();
  return (
    <PageShell>
      <DocumentTitle title={t('myListTitle')} />
      {user && <MyList userId={user.id} />}
    </PageShell>
  );
};
