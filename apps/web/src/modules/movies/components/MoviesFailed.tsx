import { Button } from '@web/shared/ui/Button';
import { movieStrings } from '../strings';
import styles from './MoviesFailed.module.css';

type MoviesFailedProps = { onRetry: () => void; retrying: boolean };

/** The grid area when titles could not be fetched (SPEC 8 "Home"); the rest of the page stays usable. */
export const MoviesFailed = ({ onRetry, retrying }: MoviesFailedProps) => (
  <div className={styles.failed} role="alert">
    <p className={styles.message}>{movieStrings.failed}</p>
    <Button variant="ghost" onClick={onRetry} disabled={retrying}>
      {retrying ? movieStrings.retrying : movieStrings.tryAgain}
    </Button>
  </div>
);
