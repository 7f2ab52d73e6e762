import { serviceUnavailableStrings as texts } from '@web/shared/api/service-unavailable';
import { Button } from './Button';
import styles from './ServiceUnavailable.module.css';

type ServiceUnavailableProps = {
  /** From `serviceUnavailableText`. */
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
};

/**
 * A section whose service is down, in place of its content: what is unavailable, that the rest of the page works,
 * and Try Again. The page around it keeps working.
 */
export const ServiceUnavailable = ({ message, onRetry, retrying = false }: ServiceUnavailableProps) => (
  <div role="alert" className={styles.notice}>
    <p className={styles.message}>{message}</p>
    {onRetry && (
      <Button variant="ghost" size="sm" disabled={retrying} onClick={onRetry}>
        {retrying ? texts.retrying : texts.tryAgain}
      </Button>
    )}
  </div>
);
