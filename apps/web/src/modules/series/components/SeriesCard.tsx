import type { Series } from '@app/contracts';
import { toPath } from '@web/app/paths';
import { PosterCard } from '@web/modules/movies/components/PosterCard';
import { formatRating } from '@web/modules/movies/rating';
import { seriesYears } from '../series-facts';
import { seriesStrings as texts } from '../strings';

/** A series as a poster card: its title leads to the series page; premium access is shown, never hidden. */
export const SeriesCard = ({ series }: { series: Series }) => (
  <PosterCard
    title={series.title}
    posterUrl={series.posterUrl}
    to={toPath.series(series.id)}
    badge={series.access === 'premium' ? texts.premiumBadge : undefined}
  >
    <p>{[formatRating(series.rating), seriesYears(series), series.genre].filter(Boolean).join(' · ')}</p>
    <p>{texts.seasons(series.seasonCount)}</p>
  </PosterCard>
);
