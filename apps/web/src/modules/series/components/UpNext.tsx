import {
  type Episode,
  episodeLabel,
  NEXT_EPISODE_COUNTDOWN_SECONDS,
  PlaybackPreference,
} from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaybackMedia } from '@web/modules/player/hooks/usePlaybackHeartbeat';
import { Button } from '@web/shared/ui/Button';
import styles from './EpisodeWatch.module.css';
import { stayVisible } from './player-overlay';

type CountdownProps = { next: Episode; onPlayNow: () => void; onCancel: () => void };

/** 'Auto-play next episode': "Next episode in 10" counting down, then the next episode plays by itself. */
const Countdown = ({ next, onPlayNow, onCancel }: CountdownProps) => {
  const { t } = useTranslation('series');
  const [left, setLeft] = useState(NEXT_EPISODE_COUNTDOWN_SECONDS);
  const playNow = useRef(onPlayNow);
  const playNowButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    playNow.current = onPlayNow;
  }, [onPlayNow]);
  useEffect(() => playNowButton.current?.focus(), []);
  useEffect(() => {
    const timer = setInterval(() => setLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0) playNow.current();
  }, [left]);

  return (
    <section {...stayVisible} slot="dialog" className={styles.upNext} aria-label={t('nextEpisode')}>
      <p role="timer" className={styles.upNextHeading}>
        {t('nextEpisodeIn', { seconds: left })}
      </p>
      <p className={styles.upNextTitle}>
        {t('episodeLine', { label: episodeLabel(next), title: next.title })}
      </p>
      <div className={styles.upNextActions}>
        <Button ref={playNowButton} size="sm" onClick={onPlayNow}>
          {t('playNow')}
        </Button>
        <Button size="sm" variant="ghost" className={styles.onDark} onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </section>
  );
};

type UpNextProps = {
  media: PlaybackMedia;
  /** The episode after this one; null after the series' last. */
  next: Episode | null;
  /** The viewer's playback setting (DECISIONS 21). */
  mode: PlaybackPreference;
  onPlayNext: (episode: Episode) => void;
  /** Whether the episode has played to its end (and not started again): the page shows "More like this" then. */
  onEndedChange: (ended: boolean) => void;
};

/**
 * What comes at an episode's end (issue 13): with 'Auto-play next episode' a countdown with Play now and Cancel;
 * with 'Ask before playing next' (or after Cancel) a "Play next episode" button; after the last episode, a word
 * that it was the last (the page shows more like it). Playing again from earlier puts it away.
 */
export const UpNext = ({ media, next, mode, onPlayNext, onEndedChange }: UpNextProps) => {
  const { t } = useTranslation('series');
  const [ended, setEnded] = useState(false);
  const [cancelled, setCancelled] = useState(false);

  useEffect(() => {
    const onEnded = () => {
      setEnded(true);
      onEndedChange(true);
    };
    const onPlay = () => {
      setEnded(false);
      setCancelled(false);
      onEndedChange(false);
    };
    media.addEventListener('ended', onEnded);
    media.addEventListener('play', onPlay);
    return () => {
      media.removeEventListener('ended', onEnded);
      media.removeEventListener('play', onPlay);
    };
  }, [media, onEndedChange]);

  if (!ended) return null;
  if (!next)
    return (
      <section {...stayVisible} slot="dialog" className={styles.upNext}>
        <p className={styles.upNextHeading}>{t('lastEpisode')}</p>
      </section>
    );
  if (mode === PlaybackPreference.AutoPlayNext && !cancelled)
    return <Countdown next={next} onPlayNow={() => onPlayNext(next)} onCancel={() => setCancelled(true)} />;
  return (
    <section {...stayVisible} slot="dialog" className={styles.upNext}>
      <p className={styles.upNextTitle}>
        {t('episodeLine', { label: episodeLabel(next), title: next.title })}
      </p>
      <div className={styles.upNextActions}>
        <Button size="sm" onClick={() => onPlayNext(next)}>
          {t('playNextEpisode')}
        </Button>
      </div>
    </section>
  );
};
