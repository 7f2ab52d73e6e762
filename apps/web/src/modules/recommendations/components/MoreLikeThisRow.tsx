import { useTranslation } from 'react-i18next';
import { useSimilar } from '../hooks/useSimilar';
import { RecommendationRow } from './RecommendationRow';
import { isNotFound } from '@web/shared/api/api-request-error';

/**
 * "More like this" under a title's page: hidden while it first loads, when nothing is similar and when the
 * recommender does not know the title; a failure shows Try Again (and the row stays while it retries).
 */
export const MoreLikeThisRow = ({ movieId }: { movieId: string }) => {
  const { t } = useTranslation('recommendations');
  const { data, isPending, isError, error, errorUpdateCount, refetch } = useSimilar(movieId);
  const firstLoad = isPending && errorUpdateCount === 0;
  if (firstLoad || (isError && isNotFound(error)) || data?.items.length === 0) return null;
  return (
    <RecommendationRow
      title={t('moreLikeThis')}
      items={data?.items}
      error={error}
      onRetry={() => void refetch()}
      empty={t('similarEmpty')}
    />
  );
};
