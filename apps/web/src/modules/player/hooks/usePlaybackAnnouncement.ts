import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPlaybackTime } from '../format-time';
import type { PlaybackMedia } from './usePlaybackHeartbeat';

/** Seeks in a row (l pressed three times, a drag on the seek bar) are said once, where they ended. */
export const SEEK_ANNOUNCE_DELAY_MS = 600;

/**
 * What a screen reader is told of playback (issue 26): "Playing, 12:34 of 1:30:00" on play, "Paused, …" on pause,
 * and the position after a seek; never as time merely passes. `fallbackDuration` stands in until the element
 * knows its own; with neither, the position alone is said.
 */
export const usePlaybackAnnouncement = (
  media: PlaybackMedia | null,
  fallbackDuration: number | null,
): string => {
  const { t } = useTranslation('player');
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!media) return;
    const position = () => {
      const time = formatPlaybackTime(media.currentTime);
      const duration =
        Number.isFinite(media.duration) && media.duration > 0 ? media.duration : fallbackDuration;
      return duration ? t('positionOf', { time, duration: formatPlaybackTime(duration) }) : time;
    };
    let seeking: ReturnType<typeof setTimeout> | undefined;
    const onPlay = () => setSaid(t('announcePlaying', { position: position() }));
    const onPause = () => setSaid(t('announcePaused', { position: position() }));
    const onSeeked = () => {
      clearTimeout(seeking);
      seeking = setTimeout(() => setSaid(position()), SEEK_ANNOUNCE_DELAY_MS);
    };
    media.addEventListener('play', onPlay);
    media.addEventListener('pause', onPause);
    media.addEventListener('seeked', onSeeked);
    return () => {
      clearTimeout(seeking);
      media.removeEventListener('play', onPlay);
      media.removeEventListener('pause', onPause);
      media.removeEventListener('seeked', onSeeked);
    };
  }, [media, fallbackDuration, t]);
  return said;
};
