import { useTranslation } from 'react-i18next';
import { filterByTitle } from '@web/modules/movies/title-filter';
import { useTrending } from '../hooks/useTrending';
import { RecommendationRow } from './RecommendationRow';

type TrendingRowProps = { genre: string; search: string };

/** The user home's Trending Now: most watched lately, in the chosen genre ('' is All Genres). */
export const TrendingRow = ({ genre, search }: TrendingRowProps) => {
  const { t } = useTranslation(['recommendations', 'browse']);
  const { data, error, refetch } = useTrending({ genre: genre || undefined });
  const items = data && filterByTitle(data.items, search);
  // A search that leaves the row empty hides it: the home says once that nothing matches (issue 24).
  if (search.trim() && items?.length === 0) return null;
  return (
    <RecommendationRow
      title={t('browse:sections.trending')}
      items={items}
      error={error}
      onRetry={() => void refetch()}
      empty={t('trendingEmpty')}
    />
  );
};
