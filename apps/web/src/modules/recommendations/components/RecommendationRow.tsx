import type { RecommendationItem } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Row } from '@web/modules/movies/components/MovieRow';
import { useAccessBadges } from '@web/modules/payments/hooks/useAccessBadges';
import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { Button } from '@web/shared/ui/Button';
import { ServiceUnavailable } from '@web/shared/ui/ServiceUnavailable';
import { premiumIds, RecommendationCard } from './RecommendationCard';
import styles from './RecommendationRow.module.css';

export type RecommendationRowProps = {
  title: string;
  /** Undefined until the first answer. */
  items: RecommendationItem[] | undefined;
  /** The query's error (null while none). */
  error: Error | null;
  onRetry: () => void;
  /** What the row says when the answer has no titles. */
  empty: ReactNode;
};

/**
 * A row of recommended titles; while loading, failed (with Try Again) or empty it says so rather than going blank.
 * Try Again puts the row back to loading: a query that never answered is pending again while it retries. With the
 * recommender down it says so, the rest of the page being unaffected.
 */
export const RecommendationRow = ({ title, items, error, onRetry, empty }: RecommendationRowProps) => {
  const { t } = useTranslation(['recommendations', 'movie']);
  const badgeOf = useAccessBadges(premiumIds(items));
  const unavailable = serviceUnavailableText(error, 'recommendation-service');
  const placeholder = items ? (
    empty
  ) : unavailable ? (
    <ServiceUnavailable message={unavailable} onRetry={onRetry} />
  ) : error ? (
    <div role="alert" className={styles.failed}>
      <p className={styles.message}>{t('movie:failed')}</p>
      <Button variant="ghost" size="sm" onClick={onRetry}>
        {t('movie:tryAgain')}
      </Button>
    </div>
  ) : (
    <p role="status" className={styles.message}>
      {t('loading')}
    </p>
  );
  return (
    <Row
      title={title}
      items={items ?? []}
      keyOf={(item) => item.movie_id}
      renderItem={(item) => <RecommendationCard item={item} badge={badgeOf(item.movie_id, item.access)} />}
      empty={placeholder}
    />
  );
};
