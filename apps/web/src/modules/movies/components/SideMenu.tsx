import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import styles from './SideMenu.module.css';

const links = [
  { to: Paths.landing, name: 'home' },
  { to: Paths.userDashboard, name: 'dashboard' },
  { to: Paths.subscription, name: 'subscription' },
  { to: Paths.aboutUs, name: 'aboutUs' },
  { to: Paths.contactUs, name: 'contactUs' },
] as const;

/** The movie page's slide-in menu (SPEC 2). */
export const SideMenu = () => {
  const { t } = useTranslation('detail');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls="movie-side-menu"
        aria-label={open ? t('closeMenu') : t('openMenu')}
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
        aria-label={t('menu')}
        hidden={!open}
      >
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.link} onClick={() => setOpen(false)}>
                {t(`menuLinks.${link.name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
};
