import type { ServiceName } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { Button } from '@web/shared/ui/Button';
import { ServiceUnavailable } from '@web/shared/ui/ServiceUnavailable';
import styles from './LoadStates.module.css';

export const Loading = ({ text }: { text: string }) => (
  <p role="status" className={styles.muted}>
    {text}
  </p>
);

type LoadFailedProps = {
  text: string;
  /** The query's error and the service that answers it: when that service is down, the section says so. */
  error: unknown;
  service: ServiceName;
  onRetry: () => void;
  retrying: boolean;
};

export const LoadFailed = ({ text, error, service, onRetry, retrying }: LoadFailedProps) => {
  const unavailable = serviceUnavailableText(error, service);
  const { t } = useTranslation('userData');
  if (unavailable) return <ServiceUnavailable message={unavailable} onRetry={onRetry} retrying={retrying} />;
  return (
    <div role="alert" className={styles.notice}>
      <p className={styles.muted}>{text}</p>
      <Button variant="ghost" size="sm" disabled={retrying} onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </div>
  );
};

/** A list with nothing in it yet, and where to go from there. */
export const Empty = ({ text, children }: { text: string; children?: ReactNode }) => (
  <div className={styles.notice}>
    <p className={styles.empty}>{text}</p>
    {children}
  </div>
);
