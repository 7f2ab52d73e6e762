import type { Episode, EpisodeProgress, SeriesDetail } from '@app/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClass } from '@web/shared/ui/control';
import { EpisodeCard } from './EpisodeCard';
import styles from './SeriesView.module.css';

type SeasonEpisodesProps = {
  series: SeriesDetail;
  /** The season shown (its number). */
  season: number;
  onSeason: (season: number) => void;
  progress: readonly EpisodeProgress[];
  onPlay: ((episode: Episode) => void) | null;
};

/** The season selector and the chosen season's episodes in play order. */
export const SeasonEpisodes = ({ series, season, onSeason, progress, onPlay }: SeasonEpisodesProps) => {
  const { t } = useTranslation('series');
  const selectId = useId();
  const headingId = useId();
  if (series.seasons.length === 0) return <p className={styles.muted}>{t('noSeasons')}</p>;
  const shown = series.seasons.find(({ number }) => number === season) ?? series.seasons[0];
  const seasonName = (number: number, title: string) => title || t('seasonOption', { number });
  const name = seasonName(shown.number, shown.title);
  const progressOf = new Map(progress.map((entry) => [entry.episodeId, entry]));
  return (
    <section className={styles.season} aria-labelledby={headingId}>
      <div className={styles.seasonHead}>
        <h2 id={headingId} className={styles.seasonHeading}>
          {t('episodesOf', { season: name })}
        </h2>
        <div className={styles.seasonPicker}>
          <label htmlFor={selectId}>{t('seasonLabel')}</label>
          <select
            id={selectId}
            className={controlClass({ size: 'sm' })}
            value={shown.number}
            onChange={(event) => onSeason(Number(event.target.value))}
          >
            {series.seasons.map(({ number, title }) => (
              <option key={number} value={number}>
                {seasonName(number, title)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {shown.overview && <p className={styles.muted}>{shown.overview}</p>}
      {shown.episodes.length === 0 ? (
        <p className={styles.muted}>{t('noEpisodes')}</p>
      ) : (
        <ol className={styles.episodes}>
          {shown.episodes.map((episode) => (
            <EpisodeCard
              key={episode.id}
              episode={episode}
              posterUrl={series.posterUrl}
              progress={progressOf.get(episode.id)}
              onPlay={onPlay}
              demo={series.demo}
            />
          ))}
        </ol>
      )}
    </section>
  );
};
