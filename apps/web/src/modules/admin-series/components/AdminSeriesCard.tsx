import { type Series, MovieStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import titleStyles from '@web/modules/admin-movies/components/AdminTitle.module.css';
import { ScheduleLines } from '@web/modules/admin-movies/components/ScheduleLines';
import { PosterImage } from '@web/modules/movies/components/PosterImage';
import { formatRating } from '@web/modules/movies/rating';
import { Button } from '@web/shared/ui/Button';
import { Card } from '@web/shared/ui/Card';
import { countsText, episodesGoWithIt } from '../series-texts';
import { ConfirmAction } from './ConfirmAction';
import { SeriesBadges } from './SeriesBadges';
import styles from './ManageSeries.module.css';

type AdminSeriesCardProps = {
  series: Series;
  busy: boolean;
  onEdit: (series: Series) => void;
  onOpen: (series: Series) => void;
  onPublish: (series: Series) => void;
  onDelete: (series: Series) => void;
};

/** One series on Manage TV Shows: poster, badges (status, demo), genre, rating, season and episode counts. */
export const AdminSeriesCard = ({
  series,
  busy,
  onEdit,
  onOpen,
  onPublish,
  onDelete,
}: AdminSeriesCardProps) => {
  const { t } = useTranslation('adminSeries');
  return (
    <Card as="article" padding="sm" className={styles.card} aria-label={series.title}>
      <PosterImage className={titleStyles.poster} title={series.title} posterUrl={series.posterUrl} />
      <div className={titleStyles.body}>
        <SeriesBadges series={series} />
        <h3 className={titleStyles.heading}>{series.title}</h3>
        <p className={titleStyles.meta}>
          <span>{series.genre}</span>
          <span>{formatRating(series.rating)}</span>
          <span>{t(`accesses.${series.access}`)}</span>
        </p>
        <p className={titleStyles.meta}>{countsText(t, series.seasonCount, series.episodeCount)}</p>
        <ScheduleLines publishAt={series.publishAt} availableUntil={series.availableUntil} />
        <div className={titleStyles.actions}>
          <Button size="sm" onClick={() => onOpen(series)}>
            {t('manageEpisodes')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onEdit(series)}>
            {t('edit')}
          </Button>
          {series.status === MovieStatus.Draft && (
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => onPublish(series)}>
              {t('publish')}
            </Button>
          )}
          <ConfirmAction
            label={t('delete')}
            confirmLabel={t('confirmDelete')}
            warning={episodesGoWithIt(t, series.episodeCount)}
            busy={busy}
            onConfirm={() => onDelete(series)}
          />
        </div>
      </div>
    </Card>
  );
};
