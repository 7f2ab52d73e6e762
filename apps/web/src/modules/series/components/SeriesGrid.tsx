import type { Series } from '@app/contracts';
import styles from '@web/modules/movies/components/MovieGrid.module.css';
import { useAccessBadges } from '@web/modules/payments/hooks/useAccessBadges';
import { SeriesCard } from './SeriesCard';

/** Series cards in the browse grid's columns, each saying what the viewer has of it (premium series are asked). */
export const SeriesGrid = ({ series, label }: { series: Series[]; label?: string }) => {
  const badgeOf = useAccessBadges(series.filter((item) => item.access === 'premium').map((item) => item.id));
  return (
    <ul className={styles.grid} aria-label={label}>
      {series.map((item) => (
        <li key={item.id}>
          <SeriesCard series={item} badge={badgeOf(item.id, item.access)} />
        </li>
      ))}
    </ul>
  );
};
