import { Link, NavLink } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { Logo } from '@web/modules/layout/components/Logo';
import { browseStrings } from '@web/modules/movies/browse-strings';
import { ThemeToggle } from '@web/shared/theme/ThemeToggle';
import { Button } from '@web/shared/ui/Button';
import a11y from '@web/shared/ui/a11y.module.css';
import { controlClass } from '@web/shared/ui/control';
import styles from './DashboardTopBar.module.css';

type DashboardTopBarProps = {
  search: string;
  onSearch: (value: string) => void;
  onLogout: () => void;
  username?: string;
  profileImage?: string | null;
};

const links = [
  { to: Paths.movies, label: browseStrings.nav.movies },
  { to: Paths.tvShows, label: browseStrings.nav.tvShows },
  { to: Paths.myList, label: browseStrings.nav.myList },
];

/** SPEC 2 user home top bar: links, search, Logout and the profile picture. */
export const DashboardTopBar = ({
  search,
  onSearch,
  onLogout,
  username,
  profileImage,
}: DashboardTopBarProps) => (
  <header className={styles.bar}>
    <div className={styles.inner}>
      <Logo />
      <nav aria-label={browseStrings.nav.primary} className={styles.nav}>
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} className={styles.link}>
            {link.label}
          </NavLink>
        ))}
      </nav>
      <label className={styles.search}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.searchIcon}>
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className={a11y.visuallyHidden}>{browseStrings.searchLabel}</span>
        <input
          type="search"
          className={controlClass({ size: 'sm', pill: true }, styles.searchInput)}
          placeholder={browseStrings.searchPlaceholder}
          value={search}
          maxLength={100}
          onChange={(event) => onSearch(event.target.value)}
        />
      </label>
      <div className={styles.actions}>
        <ThemeToggle />
        <Button variant="ghost" size="sm" onClick={onLogout}>
          {browseStrings.logout}
        </Button>
        <Link to={Paths.userProfile} className={styles.avatar} aria-label={browseStrings.profile}>
          {profileImage ? (
            <img src={profileImage} alt="" className={styles.avatarImage} />
          ) : (
            <span aria-hidden="true">{(username ?? '?').slice(0, 1).toUpperCase()}</span>
          )}
        </Link>
      </div>
    </div>
  </header>
);
