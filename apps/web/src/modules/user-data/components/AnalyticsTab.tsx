import { useTranslation } from 'react-i18next';
import { useViewerAnalytics } from '../hooks/useViewerAnalytics';
import { ActivityLineChart } from './charts/ActivityLineChart';
import { formatWatchTime, toSlices } from './charts/chart-format';
import { GenrePieChart } from './charts/GenrePieChart';
import styles from './AnalyticsTab.module.css';
import { Empty, LoadFailed, Loading } from './LoadStates';

/**
 * The profile's Analytics (SPEC 2, DECISIONS 11), from the viewer's real history: watch time by genre and the
 * 'Viewing Activity' line; with no history, an empty state rather than sample data. Loaded as its own chunk.
 */
export const AnalyticsTab = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('userData');
  const analytics = useViewerAnalytics(userId);
  if (analytics.isPending) return <Loading text={t('analyticsLoading')} />;
  if (analytics.isError)
    return (
      <LoadFailed
        text={t('analyticsFailed')}
        error={analytics.error}
        service="user-data-service"
        retrying={analytics.isFetching}
        onRetry={() => void analytics.refetch()}
      />
    );
  const { byGenre, monthly, totalSeconds } = analytics.data;
  if (totalSeconds <= 0) return <Empty text={t('analyticsEmpty')} />;
  const slices = toSlices(byGenre, t('otherGenres'));
  return (
    <div className={styles.charts}>
      <p className={styles.total}>{t('totalWatched', { time: formatWatchTime(totalSeconds, t) })}</p>
      {slices.length > 0 && (
        <section className={styles.chart} aria-labelledby="analytics-genres">
          <h3 id="analytics-genres" className={styles.heading}>
            {t('byGenreTitle')}
          </h3>
          <GenrePieChart slices={slices} />
        </section>
      )}
      <section className={styles.chart} aria-labelledby="analytics-activity">
        <h3 id="analytics-activity" className={styles.heading}>
          {t('viewingActivity')}
        </h3>
        <ActivityLineChart monthly={monthly} />
      </section>
    </div>
  );
};
