import type { RecommendationItem } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MovieGridSkeleton } from '@web/modules/movies/components/MovieGridSkeleton';
import { MoviesFailed } from '@web/modules/movies/components/MoviesFailed';
import { useAccessBadges } from '@web/modules/payments/hooks/useAccessBadges';
import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { PageHeader } from '@web/shared/ui/PageTitle';
import { ServiceUnavailable } from '@web/shared/ui/ServiceUnavailable';
import { premiumIds, RecommendationCard } from './RecommendationCard';
import styles from './RecommendationGrid.module.css';

/** SPEC 9: the recommended list shows 6 titles. */
export const RECOMMENDED_SHOWN = 6;

type RecommendationGridProps = {
  lead?: string;
  /** Undefined until the first answer. */
  items: RecommendationItem[] | undefined;
  /** The query's error (null while none). */
  error: Error | null;
  retrying: boolean;
  onRetry: () => void;
  /** What the page says when there is nothing to show. */
  empty: ReactNode;
};

/** 'Recommended for You' (SPEC 2): a grid of posters and titles, a skeleton while loading, Try Again on failure. */
export const RecommendationGrid = ({
  lead,
  items,
  error,
  retrying,
  onRetry,
  empty,
}: RecommendationGridProps) => {
  const { t } = useTranslation('recommendations');
  const badgeOf = useAccessBadges(premiumIds(items));
  const content = () => {
    if (items === undefined) {
      const unavailable = serviceUnavailableText(error, 'recommendation-service');
      if (unavailable)
        return <ServiceUnavailable message={unavailable} onRetry={onRetry} retrying={retrying} />;
      if (error) return <MoviesFailed onRetry={onRetry} retrying={retrying} />;
      return <MovieGridSkeleton count={RECOMMENDED_SHOWN} />;
    }
    if (items.length === 0) return <div className={styles.empty}>{empty}</div>;
    return (
      <ul className={styles.grid}>
        {items.map((item) => (
          <li key={item.movie_id}>
            <RecommendationCard item={item} badge={badgeOf(item.movie_id, item.access)} />
          </li>
        ))}
      </ul>
    );
  };
  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} lead={lead} />
      {content()}
    </div>
  );
};
