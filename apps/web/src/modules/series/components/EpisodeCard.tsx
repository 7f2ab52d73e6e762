import { type Episode, type EpisodeProgress, episodeLabel } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLACEHOLDER_POSTER, posterSrc } from '@web/modules/movies/poster';
import { ProgressBar } from '@web/modules/user-data/components/ProgressBar';
import { config } from '@web/shared/config/config';
import { Button } from '@web/shared/ui/Button';
import { episodeLength } from '../series-facts';
import styles from './SeriesView.module.css';

type EpisodeCardProps = {
  episode: Episode;
  /** Shown when the episode has no still of its own. */
  posterUrl: string;
  /** The viewer's progress in it, if they started it. */
  progress: EpisodeProgress | undefined;
  /** Null while the viewer may not watch the series: no play button then. */
  onPlay: ((episode: Episode) => void) | null;
  /** The series is demo content: its listed runtimes are made up, so only the sample film's length is shown. */
  demo: boolean;
};

/** The still, or the series' poster fitted into its frame; decorative, since the title is beside it. */
const EpisodeStill = ({ stillUrl, posterUrl }: { stillUrl: string | null; posterUrl: string }) => {
  const src = posterSrc(stillUrl ?? posterUrl, config.imageBaseUrl);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <img
      className={stillUrl ? styles.still : `${styles.still} ${styles.stillPoster}`}
      src={failed === src ? PLACEHOLDER_POSTER : src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
};

const percentOf = (progress: EpisodeProgress): number | null =>
  progress.progressPercent ?? (progress.finished ? 100 : null);

/** One episode of the season: "S1:E2", its title, runtime and overview, how far the viewer got, and Play. */
export const EpisodeCard = ({ episode, posterUrl, progress, onPlay, demo }: EpisodeCardProps) => {
  const { t } = useTranslation('series');
  const { t: watchT } = useTranslation('userData');
  const label = episodeLabel(episode);
  const length = episodeLength(episode, demo, t, watchT);
  const percent = progress ? percentOf(progress) : null;
  return (
    <li className={styles.episode}>
      <div className={styles.stillFrame}>
        <EpisodeStill stillUrl={episode.stillUrl} posterUrl={posterUrl} />
      </div>
      <div className={styles.episodeBody}>
        <h3 className={styles.episodeTitle}>
          <span className={styles.episodeLabel}>{label}</span> {episode.title}
        </h3>
        {length && <p className={styles.muted}>{length}</p>}
        {episode.overview && <p className={styles.episodeOverview}>{episode.overview}</p>}
        {percent !== null && <ProgressBar percent={percent} label={t('progressLabel', { label })} />}
      </div>
      {onPlay && (
        <div className={styles.episodeAction}>
          {episode.mediaReady ? (
            <Button
              size="sm"
              aria-label={t('playEpisode', { title: episode.title, label })}
              onClick={() => onPlay(episode)}
            >
              {t('play')}
            </Button>
          ) : (
            <span className={styles.muted}>{t('comingSoon')}</span>
          )}
        </div>
      )}
    </li>
  );
};
