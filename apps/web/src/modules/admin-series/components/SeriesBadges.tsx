import { type Series, MovieStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import titleStyles from '@web/modules/admin-movies/components/AdminTitle.module.css';
import styles from './ManageSeries.module.css';

/** Draft or Published, and "Demo content" on the seeded demo series. */
export const SeriesBadges = ({ series }: { series: Pick<Series, 'status' | 'demo'> }) => {
  const { t } = useTranslation('adminSeries');
  const isDraft = series.status === MovieStatus.Draft;
  return (
    <p className={styles.badges}>
      <span className={`${titleStyles.badge} ${isDraft ? titleStyles.draft : titleStyles.published}`}>
        {isDraft ? t('statuses.draft') : t('statuses.published')}
      </span>
      {series.demo && <span className={`${titleStyles.badge} ${styles.demo}`}>{t('demo')}</span>}
    </p>
  );
};
