import { ManageMovies } from '@web/modules/admin-movies/components/ManageMovies';
import { ManageUsers } from '@web/modules/admin-users/components/ManageUsers';
import { useLogout } from '@web/modules/auth/hooks/useLogout';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { Button } from '@web/shared/ui/Button';
import styles from './AdminDashboardPage.module.css';
import { adminDashboardStrings as texts } from './admin-dashboard-strings';
import { pageStrings } from './strings';

/** /admindashboard (SPEC 2): header 'Admin' with Logout, then Manage Movies and Manage Users. */
export const AdminDashboardPage = () => {
  const logout = useLogout();
  return (
    <PageShell showSignIn={false}>
      <title>{pageStrings.documentTitle(texts.title)}</title>
      <div className={styles.page}>
        <header className={styles.header}>
          <h1 className={styles.title}>{texts.title}</h1>
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            {texts.logout}
          </Button>
        </header>
        <ManageMovies />
        <ManageUsers />
      </div>
    </PageShell>
  );
};
