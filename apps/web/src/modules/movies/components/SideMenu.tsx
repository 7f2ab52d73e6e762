import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { detailStrings } from '@web/modules/movies/browse-strings';
import styles from './SideMenu.module.css';

const { menuLinks } = detailStrings;
const links = [
  { to: Paths.landing, label: menuLinks.home },
  { to: Paths.userDashboard, label: menuLinks.dashboard },
  { to: Paths.subscription, label: menuLinks.subscription },
  { to: Paths.aboutUs, label: menuLinks.aboutUs },
  { to: Paths.contactUs, label: menuLinks.contactUs },
];

/** The movie page's slide-in menu (SPEC 2). */
export const SideMenu = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls="movie-side-menu"
        aria-label={open ? detailStrings.closeMenu : detailStrings.openMenu}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && <div className={styles.scrim} onClick={() => setOpen(false)} aria-hidden="true" />}
      <nav
        id="movie-side-menu"
        className={`${styles.menu} ${open ? styles.open : ''}`}
        aria-label={detailStrings.menu}
        hidden={!open}
      >
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.link} onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
};
