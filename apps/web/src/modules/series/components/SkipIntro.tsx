import type { IntroMarkers } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaybackMedia } from '@web/modules/player/hooks/usePlaybackHeartbeat';
import { Button } from '@web/shared/ui/Button';
import styles from './EpisodeWatch.module.css';
import { stayVisible } from './player-overlay';

/** Between the markers, and not at the very end (an intro marked past the media's end). */
const within = ({ currentTime, duration }: PlaybackMedia, { startSeconds, endSeconds }: IntroMarkers) =>
  currentTime >= startSeconds && currentTime < endSeconds && !(currentTime >= duration);

type SkipIntroProps = { media: PlaybackMedia; intro: IntroMarkers | null };

/** "Skip intro" while the playhead is between the intro's markers; it jumps to the intro's end. */
export const SkipIntro = ({ media, intro }: SkipIntroProps) => {
  const { t } = useTranslation('series');
  const [inIntro, setInIntro] = useState(false);

  useEffect(() => {
    if (!intro) return;
    const check = () => setInIntro(within(media, intro));
    check();
    media.addEventListener('timeupdate', check);
    media.addEventListener('seeked', check);
    return () => {
      media.removeEventListener('timeupdate', check);
      media.removeEventListener('seeked', check);
    };
  }, [media, intro]);

  if (!intro || !inIntro) return null;
  return (
    <Button
      {...stayVisible}
      variant="ghost"
      className={styles.skipIntro}
      onClick={() => {
        media.currentTime = intro.endSeconds;
        setInIntro(false);
      }}
    >
      {t('skipIntro')}
    </Button>
  );
};
