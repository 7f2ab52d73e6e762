import type { User } from '@app/contracts';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { UnverifiedEmailNotice } from '@web/modules/auth/components/AccountMenu';
import { useLogout } from '@web/modules/auth/hooks/useLogout';
import { ProfileMenu } from '@web/modules/profiles/components/ProfileMenu';
import { ThemeToggle } from '@web/shared/theme/ThemeToggle';
import { Button } from '@web/shared/ui/Button';
import { layoutStrings } from '../strings';
import { HeaderSearch } from './HeaderSearch';
import { Logo } from './Logo';
import styles from './SignedInHeader.module.css';

const { header: texts, account } = layoutStrings;

/** A signed-in viewer's home: where the logo leads. */
export const homeOf = (user: Pick<User, 'role'>): string =>
  user.role === 'admin' ? Paths.adminDashboard : Paths.userDashboard;

const navFor = (user: Pick<User, 'role'>) =>
  user.role === 'admin'
    ? // An admin has no list, home screen or profile of a viewer (SPEC 5): the titles and the admin entry.
      [
        { to: Paths.movies, label: texts.nav.movies },
        { to: Paths.tvShows, label: texts.nav.tvShows },
        { to: Paths.adminDashboard, label: texts.nav.admin },
      ]
    : [
        { to: Paths.movies, label: texts.nav.movies },
        { to: Paths.tvShows, label: texts.nav.tvShows },
        { to: Paths.myList, label: texts.nav.myList },
      ];

type SignedInHeaderProps = {
  user: User;
  /**
   * Controls of the viewer's session placed before Logout (the slot for the kids profile switch and the language
   * picker that come later).
   */
  sessionControls?: ReactNode;
};

/**
 * The one header of every signed-in page (issue 24; SPEC 2's user home top bar): the logo to the viewer's home,
 * Movies, TV Shows, My List (Admin for an admin), the search, then the theme, Logout and the profile's avatar
 * (its menu switches profiles, issue 25).
 * On a phone: logo and account on the first line, the links, then a full-width search.
 */
export const SignedInHeader = ({ user, sessionControls }: SignedInHeaderProps) => {
  const logout = useLogout();
  const isAdmin = user.role === 'admin';
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <div className={styles.logo}>
          <Logo to={homeOf(user)} />
        </div>
        <nav aria-label={texts.nav.primary} className={styles.nav}>
          {navFor(user).map((link) => (
            <NavLink key={link.to} to={link.to} className={styles.link}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        {/* The search filters the user home, which an admin does not have. */}
        {!isAdmin && <HeaderSearch />}
        <div className={styles.actions}>
          {sessionControls}
          <ThemeToggle />
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            {account.logout}
          </Button>
          {!isAdmin && <ProfileMenu user={user} accountLabel={texts.profile} />}
        </div>
        <div className={styles.notice}>
          <UnverifiedEmailNotice user={user} />
        </div>
      </div>
    </header>
  );
};
