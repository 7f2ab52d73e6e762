import type { RecommendationItem } from '@app/contracts';
import type { ReactNode } from 'react';
import { Row } from '@web/modules/movies/components/MovieRow';
import { Button } from '@web/shared/ui/Button';
import { recommendationStrings as texts } from '../strings';
import { RecommendationCard } from './RecommendationCard';
import styles from './RecommendationRow.module.css';

export type RecommendationRowProps = {
  title: string;
  /** Undefined until the first answer. */
  items: RecommendationItem[] | undefined;
  failed: boolean;
  onRetry: () => void;
  /** What the row says when the answer has no titles. */
  empty: ReactNode;
};

/**
 * A row of recommended titles; while loading, failed (with Try Again) or empty it says so rather than going blank.
 * Try Again puts the row back to loading: a query that never answered is pending again while it retries.
 */
export const RecommendationRow = ({ title, items, failed, onRetry, empty }: RecommendationRowProps) => {
  const placeholder = items ? (
    empty
  ) : failed ? (
    <div role="alert" className={styles.failed}>
      <p className={styles.message}>{texts.failed}</p>
      <Button variant="ghost" size="sm" onClick={onRetry}>
        {texts.tryAgain}
      </Button>
    </div>
  ) : (
    <p role="status" className={styles.message}>
      {texts.loading}
    </p>
  );
  return (
    <Row
      title={title}
      items={items ?? []}
      keyOf={(item) => item.movie_id}
      renderItem={(item) => <RecommendationCard item={item} />}
      empty={placeholder}
    />
  );
};
