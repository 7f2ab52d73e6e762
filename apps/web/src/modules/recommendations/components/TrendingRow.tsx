import { filterByTitle } from '@web/modules/movies/title-filter';
import { useTrending } from '../hooks/useTrending';
import { recommendationStrings as texts } from '../strings';
import { RecommendationRow } from './RecommendationRow';

type TrendingRowProps = { genre: string; search: string };

/** The user home's Trending Now: most watched lately, in the chosen genre ('' is All Genres). */
export const TrendingRow = ({ genre, search }: TrendingRowProps) => {
  const { data, error, refetch } = useTrending({ genre: genre || undefined });
  return (
    <RecommendationRow
      title={texts.trending}
      items={data && filterByTitle(data.items, search)}
      error={error}
      onRetry={() => void refetch()}
      empty={texts.trendingEmpty}
    />
  );
};
