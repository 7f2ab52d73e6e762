import type { Episode, Season } from '@app/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import titleStyles from '@web/modules/admin-movies/components/AdminTitle.module.css';
import { Button } from '@web/shared/ui/Button';
import { Card } from '@web/shared/ui/Card';
import { airDate, episodesGoWithIt, seasonHeading } from '../series-texts';
import { ConfirmAction } from './ConfirmAction';
import { EpisodeRow } from './EpisodeRow';
import styles from './SeriesEditor.module.css';

type SeasonPanelProps = {
  season: Season;
  busy: boolean;
  onEdit: (season: Season) => void;
  onRemove: (season: Season) => void;
  onAddEpisode: (season: Season) => void;
  onEditEpisode: (episode: Episode) => void;
  onRemoveEpisode: (episode: Episode) => void;
};

/** A season of the editor: its facts and actions, then its episodes in play order. */
export const SeasonPanel = ({
  season,
  busy,
  onEdit,
  onRemove,
  onAddEpisode,
  onEditEpisode,
  onRemoveEpisode,
}: SeasonPanelProps) => {
  const { t } = useTranslation('adminSeries');
  const headingId = useId();
  const subject = t('editor.seasonLabel', { number: season.number });
  return (
    <Card as="section" padding="sm" className={styles.season} aria-labelledby={headingId}>
      <header className={styles.seasonHeader}>
        <div className={styles.seasonText}>
          <h4 id={headingId} className={titleStyles.heading}>
            {seasonHeading(t, season)}
          </h4>
          {season.airDate && (
            <p className={titleStyles.meta}>{t('editor.airs', { date: airDate(season.airDate) })}</p>
          )}
          {season.overview && <p className={styles.overview}>{season.overview}</p>}
        </div>
        <div className={styles.actions}>
          <Button
            size="sm"
            aria-label={`${t('editor.addEpisode')} ${subject}`}
            onClick={() => onAddEpisode(season)}
          >
            {t('editor.addEpisode')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`${t('edit')} ${subject}`}
            onClick={() => onEdit(season)}
          >
            {t('edit')}
          </Button>
          <ConfirmAction
            label={t('remove')}
            confirmLabel={t('confirmRemove')}
            subject={subject}
            warning={episodesGoWithIt(t, season.episodes.length)}
            busy={busy}
            onConfirm={() => onRemove(season)}
          />
        </div>
      </header>
      {season.episodes.length === 0 ? (
        <p className={styles.muted}>{t('editor.noEpisodes')}</p>
      ) : (
        <ol className={styles.episodes}>
          {season.episodes.map((episode) => (
            <li key={episode.id}>
              <EpisodeRow episode={episode} busy={busy} onEdit={onEditEpisode} onRemove={onRemoveEpisode} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
};
