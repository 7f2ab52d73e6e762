import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeriesSearch } from '../hooks/useSeriesList';
import styles from './SeriesSearchResults.module.css';
import { SeriesGrid } from './SeriesGrid';

/** The series matching a search on the user home (`GET /api/series?search=`), as their own group; nothing otherwise. */
export const SeriesSearchResults = ({ search }: { search: string }) => {
  const { t } = useTranslation('series');
  const headingId = useId();
  const term = search.trim();
  const { data } = useSeriesSearch(term);
  if (term === '' || !data || data.data.length === 0) return null;
  return (
    <section className={styles.results} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('searchResults')}
      </h2>
      <SeriesGrid series={data.data} />
    </section>
  );
};
