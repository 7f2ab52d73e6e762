import { RecommendationSource } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { filterByTitle } from '@web/modules/movies/title-filter';
import { useRecommendations } from '../hooks/useRecommendations';
import { RecommendationRow } from './RecommendationRow';

type BecauseYouWatchedRowProps = { userId: string | null; genre: string; search: string };

/**
 * The user home's Because You Watched: the viewer's own picks, each with its reason. Without history the server
 * answers popular titles (DECISIONS 12); this row names what was watched, so it keeps its empty text then.
 */
export const BecauseYouWatchedRow = ({ userId, genre, search }: BecauseYouWatchedRowProps) => {
  const { t } = useTranslation('browse');
  const { data, error, refetch } = useRecommendations({ userId, genre: genre || undefined });
  const items =
    data && (data.source === RecommendationSource.Personal ? filterByTitle(data.items, search) : []);
  // A search that leaves the row empty hides it: the home says once that nothing matches (issue 24).
  if (search.trim() && items?.length === 0) return null;
  return (
    <RecommendationRow
      title={t('sections.becauseYouWatched')}
      items={items}
      error={error}
      onRetry={() => void refetch()}
      empty={t('becauseYouWatchedEmpty')}
    />
  );
};
