import { AccountMenu } from '@web/modules/auth/components/AccountMenu';
import { ThemeToggle } from '@web/shared/theme/ThemeToggle';
import { Logo } from './Logo';
import styles from './SiteHeader.module.css';

type SiteHeaderProps = {
  /** Floats over a hero instead of taking its own band of the page. */
  overlay?: boolean;
  showSignIn?: boolean;
};

export const SiteHeader = ({ overlay = false, showSignIn = true }: SiteHeaderProps) => (
  <header className={`${styles.header} ${overlay ? styles.overlay : styles.solid}`}>
    <div className={styles.inner}>
      <Logo />
      <div className={styles.actions}>
        <ThemeToggle />
        {showSignIn && <AccountMenu />}
      </div>
    </div>
  </header>
);
