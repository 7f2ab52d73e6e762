import type { User } from '@app/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmailVerificationNotice } from '@web/modules/auth/components/EmailVerificationNotice';
import { Billing } from '@web/modules/payments/components/Billing';
import { MyTitles } from '@web/modules/payments/components/MyTitles';
import { ParentalControls } from '@web/modules/parental/components/ParentalControls';
import { SubscriptionTab } from '@web/modules/payments/components/SubscriptionTab';
import { formatPaymentDate } from '@web/modules/payments/format-date';
import { FavoritesTab } from '@web/modules/user-data/components/FavoritesTab';
import { HistoryTab } from '@web/modules/user-data/components/HistoryTab';
import { Loading } from '@web/modules/user-data/components/LoadStates';
import { PrivacyTab } from '@web/modules/user-data/components/PrivacyTab';
import { SettingsTab } from '@web/modules/user-data/components/SettingsTab';
import { cardClass } from '@web/shared/ui/Card';
import { PageTitle } from '@web/shared/ui/PageTitle';
import { Tabs } from '@web/shared/ui/Tabs';
import { PROFILE_TABS, type ProfileTab } from '../profile-tabs';
import { DevicesTab } from './DevicesTab';
import { LanguageSetting } from './LanguageSetting';
import styles from './UserProfile.module.css';

// The charts are their own chunk, fetched when the Analytics tab is first opened.
const AnalyticsTab = lazy(async () => ({
  default: (await import('@web/modules/user-data/components/AnalyticsTab')).AnalyticsTab,
}));

const isTab = (value: string | null): value is ProfileTab => PROFILE_TABS.includes(value as ProfileTab);

const ProfileHeader = ({ user }: { user: User }) => {
  const { t } = useTranslation('profile');
  return (
    <header className={styles.header}>
      {user.profileImage ? (
        <img
          className={styles.avatar}
          src={user.profileImage}
          alt={t('avatarAlt', { username: user.username })}
        />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {user.username.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className={styles.identity}>
        <PageTitle className={styles.name}>{user.username}</PageTitle>
        <p className={styles.muted}>{user.email}</p>
        <p className={styles.muted}>
          {t('memberSince', { date: formatPaymentDate(user.createdAt) || t('notKnown') })}
        </p>
      </div>
    </header>
  );
};

const TabContent = ({ tab, user }: { tab: ProfileTab; user: User }) => {
  const { t } = useTranslation(['payments', 'userData']);
  switch (tab) {
    case 'subscription':
      return <SubscriptionTab userId={user.id} />;
    case 'my-titles':
      return (
        <>
          <p className={styles.muted}>{t('payments:myTitlesLead')}</p>
          <MyTitles userId={user.id} />
        </>
      );
    case 'billing':
      return <Billing userId={user.id} />;
    case 'history':
      return <HistoryTab userId={user.id} />;
    case 'favorites':
      return <FavoritesTab userId={user.id} />;
    case 'analytics':
      return (
        <Suspense fallback={<Loading text={t('userData:analyticsLoading')} />}>
          <AnalyticsTab userId={user.id} />
        </Suspense>
      );
    case 'settings':
      return (
        <>
          <LanguageSetting />
          <SettingsTab userId={user.id} />
        </>
      );
    case 'privacy':
      return <PrivacyTab user={user} />;
    case 'devices':
      return <DevicesTab userId={user.id} />;
    case 'parental':
      return <ParentalControls />;
  }
};

/**
 * /userprofile (SPEC 2): the header and the side menu of tabs, chosen by `?tab=` (the dashboard's Downloads
 * and Settings tiles link to theirs, DECISIONS 22), plus Privacy for the viewer's data rights (DECISIONS 32).
 */
export const UserProfile = ({ user }: { user: User }) => {
  const { t } = useTranslation('profile');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const active: ProfileTab = isTab(requested) ? requested : PROFILE_TABS[0];
  const select = (tab: ProfileTab) => setSearch({ tab }, { replace: true });
  const names = Object.fromEntries(PROFILE_TABS.map((tab) => [tab, t(`tabs.${tab}`)])) as Record<
    ProfileTab,
    string
  >;

  return (
    <div className={styles.page}>
      <ProfileHeader user={user} />
      {/* The profile has no top bar, where the notice sits on other screens (DECISIONS 33). */}
      <EmailVerificationNotice />
      <div className={styles.body}>
        <Tabs
          label={t('tabsLabel')}
          tabs={PROFILE_TABS}
          names={names}
          active={active}
          onSelect={select}
          orientation="vertical"
          panelClassName={cardClass({}, styles.panel)}
        >
          <h2 className={styles.panelTitle}>{names[active]}</h2>
          <TabContent tab={active} user={user} />
        </Tabs>
      </div>
    </div>
  );
};
