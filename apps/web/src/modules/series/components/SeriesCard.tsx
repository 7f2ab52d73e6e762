import type { Series } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { toPath } from '@web/app/paths';
import { PosterCard } from '@web/modules/movies/components/PosterCard';
import { formatRating } from '@web/modules/movies/rating';
import { seriesYears } from '../series-facts';

type SeriesCardProps = {
  series: Series;
  /** What the viewer has of it ("Subscription Required" where their plan does not include it). */
  badge?: string;
};

/** A series as a poster card: its title leads to the series page; the badge says what the viewer has of it. */
export const SeriesCard = ({ series, badge }: SeriesCardProps) => {
  const { t } = useTranslation(['series', 'movie']);
  return (
    <PosterCard
      title={series.title}
      posterUrl={series.posterUrl}
      to={toPath.series(series.id)}
      badge={badge}
      classification={series.classification}
    >
      <p>
        {[formatRating(series.rating, t('movie:ratingUnknown')), seriesYears(series), series.genre]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p>{t('seasons', { count: series.seasonCount })}</p>
    </PosterCard>
  );
};
