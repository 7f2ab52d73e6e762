import { useTranslation } from 'react-i18next';
import a11y from '@web/shared/ui/a11y.module.css';
import styles from './MovieGrid.module.css';

type MovieGridSkeletonProps = { count?: number };

/** Card-shaped placeholders while titles load; screen readers hear 'Loading movies...'. */
export const MovieGridSkeleton = ({ count = 12 }: MovieGridSkeletonProps) => {
  const { t } = useTranslation('movie');
  return (
    <div aria-busy="true">
      <p role="status" className={a11y.visuallyHidden}>
        {t('loading')}
      </p>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className={styles.skeletonCard}>
            <div className={`${styles.shimmer} ${styles.skeletonPoster}`} />
            <div className={`${styles.shimmer} ${styles.skeletonLine}`} />
            <div className={`${styles.shimmer} ${styles.skeletonLine} ${styles.skeletonLineShort}`} />
          </li>
        ))}
      </ul>
    </div>
  );
};
