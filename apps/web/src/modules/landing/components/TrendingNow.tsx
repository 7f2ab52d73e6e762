import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MovieGrid } from '@web/modules/movies/components/MovieGrid';
import { MovieGridSkeleton } from '@web/modules/movies/components/MovieGridSkeleton';
import { MoviesFailed } from '@web/modules/movies/components/MoviesFailed';
import { useMovies } from '@web/modules/movies/hooks/useMovies';
import styles from './TrendingNow.module.css';

const TrendingContent = () => {
  const { t } = useTranslation('movie');
  const { data, isPending, isError, isFetching, refetch } = useMovies();
  if (isPending) return <MovieGridSkeleton />;
  if (isError) return <MoviesFailed onRetry={() => void refetch()} retrying={isFetching} />;
  if (data.data.length === 0) return <p className={styles.empty}>{t('empty')}</p>;
  return <MovieGrid movies={data.data} />;
};

/** The first page of the catalogue's popular titles (SPEC 2 "Trending Now grid"). */
export const TrendingNow = () => {
  const { t } = useTranslation('landing');
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('trendingNow')}
      </h2>
      <TrendingContent />
    </section>
  );
};
