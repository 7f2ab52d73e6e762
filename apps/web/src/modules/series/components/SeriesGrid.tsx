import type { Series } from '@app/contracts';
import styles from '@web/modules/movies/components/MovieGrid.module.css';
import { SeriesCard } from './SeriesCard';

/** Series cards in the browse grid's columns. */
export const SeriesGrid = ({ series, label }: { series: Series[]; label?: string }) => (
  <ul className={styles.grid} aria-label={label}>
    {series.map((item) => (
      <li key={item.id}>
        <SeriesCard series={item} />
      </li>
    ))}
  </ul>
);
