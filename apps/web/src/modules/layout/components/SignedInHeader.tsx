import type { User } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { UnverifiedEmailNotice } from '@web/modules/auth/components/AccountMenu';
import { useLogout } from '@web/modules/auth/hooks/useLogout';
import { ProfileMenu } from '@web/modules/profiles/components/ProfileMenu';
import { LanguageSwitch } from '@web/shared/i18n/LanguageSwitch';
import { ThemeToggle } from '@web/shared/theme/ThemeToggle';
import { Button } from '@web/shared/ui/Button';
import { HeaderSearch } from './HeaderSearch';
import { Logo } from './Logo';
import styles from './SignedInHeader.module.css';

/** A signed-in viewer's home: where the logo leads. */
export const homeOf = (user: Pick<User, 'role'>): string =>
  user.role === 'admin' ? Paths.adminDashboard : Paths.userDashboard;

/** Each link's name is its text's key in the layout catalogue (`header.nav.*`). */
type NavLinkItem = { to: string; label: 'movies' | 'tvShows' | 'myList' | 'admin' };

const navFor = (user: Pick<User, 'role'>): NavLinkItem[] =>
  user.role === 'admin'
    ? // An admin has no list, home screen or profile of a viewer (SPEC 5): the titles and the admin entry.
      [
        { to: Paths.movies, label: 'movies' },
        { to: Paths.tvShows, label: 'tvShows' },
        { to: Paths.adminDashboard, label: 'admin' },
      ]
    : [
        { to: Paths.movies, label: 'movies' },
        { to: Paths.tvShows, label: 'tvShows' },
        { to: Paths.myList, label: 'myList' },
      ];

type SignedInHeaderProps = {
  user: User;
  /**
   * Controls of the viewer's session placed before Logout (the slot for the kids profile switch that comes
   * later).
   */
  sessionControls?: ReactNode;
};

/**
 * The one header of every signed-in page (issue 24; SPEC 2's user home top bar): the logo to the viewer's home,
 * Movies, TV Shows, My List (Admin for an admin), the search, then the language, the theme, Logout and the
 * profile's avatar (its menu switches profiles, issue 25).
 * On a phone: logo and account on the first line, the links, then a full-width search.
 */
export const SignedInHeader = ({ user, sessionControls }: SignedInHeaderProps) => {
  const { t } = useTranslation('layout');
  const logout = useLogout();
  const isAdmin = user.role === 'admin';
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <div className={styles.logo}>
          <Logo to={homeOf(user)} compact />
        </div>
        <nav aria-label={t('header.nav.primary')} className={styles.nav}>
          {navFor(user).map((link) => (
            <NavLink key={link.to} to={link.to} className={styles.link}>
              {t(`header.nav.${link.label}`)}
            </NavLink>
          ))}
        </nav>
        {/* The search filters the user home, which an admin does not have. */}
        {!isAdmin && <HeaderSearch />}
        <div className={styles.actions}>
          {sessionControls}
          <LanguageSwitch iconOnlyBelow="tablet" />
          <ThemeToggle />
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            {t('account.logout')}
          </Button>
          {!isAdmin && <ProfileMenu user={user} accountLabel={t('header.profile')} />}
        </div>
        <div className={styles.notice}>
          <UnverifiedEmailNotice user={user} />
        </div>
      </div>
    </header>
  );
};
