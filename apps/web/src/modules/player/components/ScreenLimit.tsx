import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/shared/ui/Button';
import { formatStartedAt } from '../format-time';
import { useActiveStreams, useStopStream } from '../hooks/useActiveStreams';
import styles from './Player.module.css';

type ScreenLimitProps = {
  /** Called once a screen came free (stopped here, or its stream ended): try starting here again. */
  onRetry: () => void;
};

/** How often the page looks whether a screen came free. */
export const SCREENS_POLL_MS = 4_000;

/**
 * Every screen is in use (DECISIONS 9): the account's streams, each with "Stop that stream", this device's other
 * tabs too (marked "This device"). When one of them ends by itself (a tab closed, a player left), the page
 * starts here again without being asked.
 */
export const ScreenLimit = ({ onRetry }: ScreenLimitProps) => {
  const { t } = useTranslation('player');
  const headingId = useId();
  const streams = useActiveStreams(SCREENS_POLL_MS);
  const stop = useStopStream({ onSuccess: onRetry });
  const answers = useRef(0);
  const retried = useRef(false);
  const retry = useRef(onRetry);
  const { data, dataUpdatedAt, isFetchedAfterMount } = streams;

  useEffect(() => {
    retry.current = onRetry;
  }, [onRetry]);

  // Once per answer (dataUpdatedAt), whatever else re-renders the page.
  useEffect(() => {
    if (!data || !isFetchedAfterMount) return;
    answers.current += 1;
    // The first answer may have been read before the start was refused: a later one shows a screen come free.
    if (answers.current < 2 || retried.current || data.streams.length >= data.limit) return;
    retried.current = true;
    retry.current();
  }, [data, dataUpdatedAt, isFetchedAfterMount]);

  const list = () => {
    if (streams.isPending) return <p role="status">{t('streamsLoading')}</p>;
    if (streams.isError)
      return (
        <div role="alert" className={styles.stageActions}>
          <p>{t('streamsFailed')}</p>
          <Button variant="ghost" onClick={() => void streams.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      );
    return (
      <>
        <p className={styles.muted}>{t('screensLine', { count: streams.data.limit })}</p>
        <ul className={styles.streams}>
          {streams.data.streams.map((stream) => (
            <li key={stream.leaseId} className={styles.stream}>
              <div className={styles.streamFacts}>
                <strong>{stream.title}</strong>
                <span>
                  {stream.deviceLabel}{' '}
                  {/* Another tab of this browser holds a screen as much as another device does. */}
                  {stream.current && <span className={styles.badge}>{t('thisDevice')}</span>}
                </span>
                {stream.profileName && <span>{t('watchingProfile', { name: stream.profileName })}</span>}
                <span className={styles.muted}>
                  {t('startedAt', { time: formatStartedAt(stream.startedAt) })}
                </span>
              </div>
              <Button
                size="sm"
                variant="danger"
                disabled={stop.isPending}
                aria-label={t('stopStreamLabel', {
                  title: stream.title,
                  device: stream.current ? t('thisDevice') : stream.deviceLabel,
                })}
                onClick={() => stop.mutate(stream.leaseId)}
              >
                {stop.isPending && stop.variables === stream.leaseId ? t('stopping') : t('stopThatStream')}
              </Button>
            </li>
          ))}
        </ul>
        {stop.isError && <p role="alert">{t('stopFailed')}</p>}
      </>
    );
  };

  return (
    <section className={styles.limit} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.stageHeading}>
        {t('screensHeading')}
      </h2>
      <p role="alert">{t('screenLimit')}</p>
      {list()}
    </section>
  );
};
