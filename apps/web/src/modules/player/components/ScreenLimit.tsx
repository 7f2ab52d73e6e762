import { useId } from 'react';
import { Button } from '@web/shared/ui/Button';
import { formatStartedAt } from '../format-time';
import { useActiveStreams, useStopStream } from '../hooks/useActiveStreams';
import { playerStrings as texts } from '../strings';
import styles from './Player.module.css';

type ScreenLimitProps = {
  /** Called once another screen was stopped: try starting here again. */
  onRetry: () => void;
};

/** Every screen is in use (DECISIONS 9): the account's streams, each other one with "Stop that stream". */
export const ScreenLimit = ({ onRetry }: ScreenLimitProps) => {
  const headingId = useId();
  const streams = useActiveStreams();
  const stop = useStopStream({ onSuccess: onRetry });

  const list = () => {
    if (streams.isPending) return <p role="status">{texts.streamsLoading}</p>;
    if (streams.isError)
      return (
        <div role="alert" className={styles.stageActions}>
          <p>{texts.streamsFailed}</p>
          <Button variant="ghost" onClick={() => void streams.refetch()}>
            {texts.tryAgain}
          </Button>
        </div>
      );
    return (
      <>
        <p className={styles.muted}>{texts.screensLine(streams.data.limit)}</p>
        <ul className={styles.streams}>
          {streams.data.streams.map((stream) => (
            <li key={stream.leaseId} className={styles.stream}>
              <div className={styles.streamFacts}>
                <strong>{stream.title}</strong>
                <span>{stream.deviceLabel}</span>
                <span className={styles.muted}>{texts.startedAt(formatStartedAt(stream.startedAt))}</span>
              </div>
              {stream.current ? (
                <span className={styles.badge}>{texts.thisDevice}</span>
              ) : (
                <Button
                  size="sm"
                  variant="danger"
                  disabled={stop.isPending}
                  aria-label={texts.stopStreamLabel(stream.title, stream.deviceLabel)}
                  onClick={() => stop.mutate(stream.leaseId)}
                >
                  {stop.isPending && stop.variables === stream.leaseId
                    ? texts.stopping
                    : texts.stopThatStream}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {stop.isError && <p role="alert">{texts.stopFailed}</p>}
      </>
    );
  };

  return (
    <section className={styles.limit} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.stageHeading}>
        {texts.screensHeading}
      </h2>
      <p role="alert">{texts.screenLimit}</p>
      {list()}
    </section>
  );
};
