import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { lazyPage } from '@web/app/lazy-page';
import { PageFallback } from '@web/app/PageFallback';
import { ManageMovies } from '@web/modules/admin-movies/components/ManageMovies';
import { PaymentsConsole } from '@web/modules/admin-payments/components/PaymentsConsole';
import { PromoCodes } from '@web/modules/admin-promos/components/PromoCodes';
import { ManageUsers } from '@web/modules/admin-users/components/ManageUsers';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { Tabs } from '@web/shared/ui/Tabs';
import styles from './AdminDashboardPage.module.css';
import type { AdminTab } from './admin-dashboard-strings';

const TABS: AdminTab[] = ['catalogue', 'tv-shows', 'payments', 'promos', 'insights'];

// Manage TV Shows (issue 13) is a chunk of its own, fetched when its tab is first opened.
const ManageSeries = lazyPage(
  () => import('@web/modules/admin-series/components/ManageSeries'),
  'ManageSeries',
);
// Insights (issue 28) brings recharts: its own chunk, fetched when its tab is first opened.
const InsightsConsole = lazyPage(
  () => import('@web/modules/admin-insights/components/InsightsConsole'),
  'InsightsConsole',
);

const tabOf = (value: string | null): AdminTab => TABS.find((tab) => tab === value) ?? 'catalogue';

/**
 * /admindashboard (SPEC 2): header 'Admin' (Logout is the site header's); the first tab is Manage Movies and Manage Users, the
 * second Manage TV Shows (issue 13), the third the payments console (issue 9). The tab is in `?tab=`, so a
 * reload or a link keeps it.
 */
export const AdminDashboardPage = () => {
  const { t } = useTranslation('adminDashboard');
  const [search, setSearch] = useSearchParams();
  const active = tabOf(search.get('tab'));
  const select = (tab: AdminTab) => setSearch(tab === 'catalogue' ? {} : { tab }, { replace: true });

  return (
    <PageShell>
      <DocumentTitle title={t('title')} />
      <div className={styles.page}>
        {/* SPEC 2's Logout is the signed-in header's. */}
        <header className={styles.header}>
          <h1 className={styles.title}>{t('title')}</h1>
        </header>
        <Tabs
          label={t('tabsLabel')}
          tabs={TABS}
          names={{
            catalogue: t('tabs.catalogue'),
            'tv-shows': t('tabs.tv-shows'),
            payments: t('tabs.payments'),
            promos: t('tabs.promos'),
            insights: t('tabs.insights'),
          }}
          active={active}
          onSelect={select}
          className={styles.tabs}
          panelClassName={styles.page}
        >
          {active === 'insights' ? (
            <Suspense fallback={<PageFallback />}>
              <InsightsConsole />
            </Suspense>
          ) : active === 'payments' ? (
            <PaymentsConsole />
          ) : active === 'promos' ? (
            <PromoCodes />
          ) : active === 'tv-shows' ? (
            <Suspense fallback={<PageFallback />}>
              <ManageSeries />
            </Suspense>
          ) : (
            <>
              <ManageMovies />
              <ManageUsers />
            </>
          )}
        </Tabs>
      </div>
    </PageShell>
  );
};
