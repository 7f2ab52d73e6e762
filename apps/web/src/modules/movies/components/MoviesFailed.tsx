import { useTranslation } from 'react-i18next';
import { Button } from '@web/shared/ui/Button';
import styles from './MoviesFailed.module.css';

type MoviesFailedProps = { onRetry: () => void; retrying: boolean };

/** The grid area when titles could not be fetched (SPEC 8 "Home"); the rest of the page stays usable. */
export const MoviesFailed = ({ onRetry, retrying }: MoviesFailedProps) => {
  const { t } = useTranslation('movie');
  return (
    <div className={styles.failed} role="alert">
      <p className={styles.message}>{t('failed')}</p>
      <Button variant="ghost" onClick={onRetry} disabled={retrying}>
        {retrying ? t('retrying') : t('tryAgain')}
      </Button>
    </div>
  );
};
