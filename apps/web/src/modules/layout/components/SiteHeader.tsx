import { lazy, useContext } from 'react';
import { AccountMenu } from '@web/modules/auth/components/AccountMenu';
import { AuthContext } from '@web/modules/auth/hooks/useAuth';
import { LanguageSwitch } from '@web/shared/i18n/LanguageSwitch';
import { ThemeToggle } from '@web/shared/theme/ThemeToggle';
import { Logo } from './Logo';
import styles from './SiteHeader.module.css';

// Its own chunk: the landing page's first screen (a visitor's) stays small (issue 8's budget). While it loads, the
// route's Suspense keeps the page before on screen (or the first screen's fallback).
const SignedInHeader = lazy(async () => ({ default: (await import('./SignedInHeader')).SignedInHeader }));

type SiteHeaderProps = {
  /** Floats over a hero instead of taking its own band of the page (the landing page's marketing header). */
  overlay?: boolean;
  /** A visitor's Sign In (left out on the account screens themselves). */
  showSignIn?: boolean;
};

/** A visitor's header: the logo, the language, the theme and Sign In. */
const VisitorHeader = ({ overlay, showSignIn }: Required<SiteHeaderProps>) => (
  <header className={`${styles.header} ${overlay ? styles.overlay : styles.solid}`}>
    <div className={styles.inner}>
      <Logo compact />
      <div className={styles.actions}>
        <LanguageSwitch iconOnlyBelow="phone" />
        <ThemeToggle />
        {showSignIn && <AccountMenu />}
      </div>
    </div>
  </header>
);

/**
 * The header of the site's pages: the signed-in header for a signed-in viewer, the visitor's otherwise. The
 * landing page keeps its marketing header over the hero (with the way to the viewer's home).
 */
export const SiteHeader = ({ overlay = false, showSignIn = true }: SiteHeaderProps) => {
  // Tolerates a tree without an AuthProvider (a component rendered on its own): that is a visitor.
  const user = useContext(AuthContext)?.user;
  if (user && !overlay) return <SignedInHeader user={user} />;
  return <VisitorHeader overlay={overlay} showSignIn={showSignIn} />;
};
