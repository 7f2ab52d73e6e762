import type { User } from '@app/contracts';
import { type KeyboardEvent, lazy, Suspense, useId, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmailVerificationNotice } from '@web/modules/auth/components/EmailVerificationNotice';
import { MyTitles } from '@web/modules/payments/components/MyTitles';
import { SubscriptionTab } from '@web/modules/payments/components/SubscriptionTab';
import { paymentStrings } from '@web/modules/payments/strings';
import { formatPaymentDate } from '@web/modules/payments/format-date';
import { FavoritesTab } from '@web/modules/viewer-data/components/FavoritesTab';
import { HistoryTab } from '@web/modules/viewer-data/components/HistoryTab';
import { Loading } from '@web/modules/viewer-data/components/LoadStates';
import { PrivacyTab } from '@web/modules/viewer-data/components/PrivacyTab';
import { SettingsTab } from '@web/modules/viewer-data/components/SettingsTab';
import { viewerDataStrings } from '@web/modules/viewer-data/strings';
import { Card } from '@web/shared/ui/Card';
import { PageTitle } from '@web/shared/ui/PageTitle';
import { PROFILE_TABS, type ProfileTab, profileStrings as texts } from '../strings';
import styles from './UserProfile.module.css';

// The charts are their own chunk, fetched when the Analytics tab is first opened.
const AnalyticsTab = lazy(async () => ({
  default: (await import('@web/modules/viewer-data/components/AnalyticsTab')).AnalyticsTab,
}));

const isTab = (value: string | null): value is ProfileTab => PROFILE_TABS.includes(value as ProfileTab);

const ProfileHeader = ({ user }: { user: User }) => (
  <header className={styles.header}>
    {user.profileImage ? (
      <img className={styles.avatar} src={user.profileImage} alt={texts.avatarAlt(user.username)} />
    ) : (
      <span className={styles.avatar} aria-hidden="true">
        {user.username.slice(0, 1).toUpperCase()}
      </span>
    )}
    <div className={styles.identity}>
      <PageTitle className={styles.name}>{user.username}</PageTitle>
      <p className={styles.muted}>{user.email}</p>
      <p className={styles.muted}>{texts.memberSince(formatPaymentDate(user.createdAt) || texts.notKnown)}</p>
    </div>
  </header>
);

const TabContent = ({ tab, user }: { tab: ProfileTab; user: User }) => {
  switch (tab) {
    case 'subscription':
      return <SubscriptionTab userId={user.id} />;
    case 'my-titles':
      return (
        <>
          <p className={styles.muted}>{paymentStrings.myTitlesLead}</p>
          <MyTitles userId={user.id} />
        </>
      );
    case 'history':
      return <HistoryTab userId={user.id} />;
    case 'favorites':
      return <FavoritesTab userId={user.id} />;
    case 'analytics':
      return (
        <Suspense fallback={<Loading text={viewerDataStrings.analyticsLoading} />}>
          <AnalyticsTab userId={user.id} />
        </Suspense>
      );
    case 'settings':
      return <SettingsTab userId={user.id} />;
    case 'privacy':
      return <PrivacyTab user={user} />;
  }
};

/**
 * /userprofile (SPEC 2): the header and the side menu of tabs, chosen by `?tab=` (the dashboard's Downloads
 * and Settings tiles link to theirs, DECISIONS 22), plus Privacy for the viewer's data rights (DECISIONS 32).
 */
export const UserProfile = ({ user }: { user: User }) => {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const active: ProfileTab = isTab(requested) ? requested : PROFILE_TABS[0];
  const baseId = useId();
  const tabs = useRef<Partial<Record<ProfileTab, HTMLButtonElement | null>>>({});
  const select = (tab: ProfileTab) => setSearch({ tab }, { replace: true });

  // Tabs pattern: arrows move between tabs and select them; Home and End jump to the ends.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = PROFILE_TABS.indexOf(active);
    const last = PROFILE_TABS.length - 1;
    const next =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = PROFILE_TABS[next];
    select(tab);
    tabs.current[tab]?.focus();
  };

  return (
    <div className={styles.page}>
      <ProfileHeader user={user} />
      {/* The profile has no top bar, where the notice sits on other screens (DECISIONS 33). */}
      <EmailVerificationNotice />
      <div className={styles.body}>
        <div
          role="tablist"
          aria-label={texts.tabsLabel}
          aria-orientation="vertical"
          className={styles.tabs}
          onKeyDown={onKeyDown}
        >
          {PROFILE_TABS.map((tab) => (
            <button
              key={tab}
              ref={(element) => {
                tabs.current[tab] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab}`}
              aria-selected={tab === active}
              aria-controls={`${baseId}-panel`}
              tabIndex={tab === active ? 0 : -1}
              className={tab === active ? `${styles.tab} ${styles.tabOn}` : styles.tab}
              onClick={() => select(tab)}
            >
              {texts.tabs[tab]}
            </button>
          ))}
        </div>
        <Card
          as="section"
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${active}`}
          className={styles.panel}
          tabIndex={0}
        >
          <h2 className={styles.panelTitle}>{texts.tabs[active]}</h2>
          <TabContent tab={active} user={user} />
        </Card>
      </div>
    </div>
  );
};
