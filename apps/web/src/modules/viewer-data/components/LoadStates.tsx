import type { ReactNode } from 'react';
import { Button } from '@web/shared/ui/Button';
import { viewerDataStrings as texts } from '../strings';
import styles from './LoadStates.module.css';

export const Loading = ({ text }: { text: string }) => (
  <p role="status" className={styles.muted}>
    {text}
  </p>
);

type LoadFailedProps = { text: string; onRetry: () => void; retrying: boolean };

export const LoadFailed = ({ text, onRetry, retrying }: LoadFailedProps) => (
  <div role="alert" className={styles.notice}>
    <p className={styles.muted}>{text}</p>
    <Button variant="ghost" size="sm" disabled={retrying} onClick={onRetry}>
      {texts.tryAgain}
    </Button>
  </div>
);

/** A list with nothing in it yet, and where to go from there. */
export const Empty = ({ text, children }: { text: string; children?: ReactNode }) => (
  <div className={styles.notice}>
    <p className={styles.empty}>{text}</p>
    {children}
  </div>
);
