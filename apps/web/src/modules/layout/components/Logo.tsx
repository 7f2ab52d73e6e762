import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import styles from './Logo.module.css';

type LogoProps = {
  /** Where the logo leads: the landing page for a visitor, a signed-in viewer's own home otherwise. */
  to?: string;
  /** A header's logo: on a narrow phone only the mark shows, leaving the header's controls their line. */
  compact?: boolean;
};

export const Logo = ({ to = Paths.landing, compact = false }: LogoProps) => {
  const { t } = useTranslation('layout');
  return (
    <Link
      to={to}
      className={compact ? `${styles.logo} ${styles.compact}` : styles.logo}
      aria-label={t('homeLink')}
    >
      <svg className={styles.mark} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path
          className={styles.play}
          d="M25 19.5v25a1.5 1.5 0 0 0 2.3 1.27l19.6-12.5a1.5 1.5 0 0 0 0-2.54L27.3 18.23A1.5 1.5 0 0 0 25 19.5z"
        />
      </svg>
      <span className={styles.wordmark}>{t('brand')}</span>
    </Link>
  );
};
