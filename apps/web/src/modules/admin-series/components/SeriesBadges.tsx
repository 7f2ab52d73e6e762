import { type Series, MovieStatus } from '@app/contracts';
import { adminSeriesStrings as t } from '../strings';
import styles from './ManageSeries.module.css';

/** Draft or Published, and "Demo content" on the seeded demo series. */
export const SeriesBadges = ({ series }: { series: Pick<Series, 'status' | 'demo'> }) => {
  const isDraft = series.status === MovieStatus.Draft;
  return (
    <p className={styles.badges}>
      <span className={`${styles.badge} ${isDraft ? styles.draft : styles.published}`}>
        {isDraft ? t.statuses.draft : t.statuses.published}
      </span>
      {series.demo && <span className={`${styles.badge} ${styles.demo}`}>{t.demo}</span>}
    </p>
  );
};
