import type { Movie } from '@app/contracts';
import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MovieCard } from '@web/modules/movies/components/MovieCard';
import styles from './MovieRow.module.css';

type RowProps<Item> = {
  title: string;
  items: Item[];
  keyOf: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  /** Shown instead of the row when it has no items. */
  empty?: ReactNode;
  /** Controls beside the heading (e.g. the genre filter). */
  aside?: ReactNode;
};

type MovieRowProps = Omit<RowProps<Movie>, 'items' | 'keyOf' | 'renderItem'> & {
  movies: Movie[];
  onWatchNow?: (movie: Movie) => void;
  badgeFor?: (movie: Movie) => string | undefined;
};

const Chevron = ({ flip }: { flip?: boolean }) => (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    style={flip ? { transform: 'scaleX(-1)' } : undefined}
  >
    <path
      d="M9 5l7 7-7 7"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** A titled, horizontally scrolling row of cards with arrows and scroll snapping. */
export const Row = <Item,>({ title, items, keyOf, renderItem, empty, aside }: RowProps<Item>) => {
  const { t } = useTranslation('browse');
  const headingId = useId();
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const element = track.current;
    element?.scrollBy?.({ left: direction * element.clientWidth * 0.85, behavior: 'smooth' });
  };

  return (
    <section className={styles.row} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
        {aside}
        {items.length > 0 && (
          <div className={styles.arrows}>
            <button
              type="button"
              className={styles.arrow}
              aria-label={t('scrollLeft', { title })}
              onClick={() => scroll(-1)}
            >
              <Chevron flip />
            </button>
            <button
              type="button"
              className={styles.arrow}
              aria-label={t('scrollRight', { title })}
              onClick={() => scroll(1)}
            >
              <Chevron />
            </button>
          </div>
        )}
      </div>
      {items.length === 0 ? (
        <div className={styles.empty}>{empty ?? t('emptyRow')}</div>
      ) : (
        <ul ref={track} className={styles.track}>
          {items.map((item) => (
            <li key={keyOf(item)} className={styles.item}>
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

/** A row of movie cards. */
export const MovieRow = ({ movies, onWatchNow, badgeFor, ...row }: MovieRowProps) => (
  <Row
    {...row}
    items={movies}
    keyOf={(movie) => movie.id}
    renderItem={(movie) => <MovieCard movie={movie} badge={badgeFor?.(movie)} onWatchNow={onWatchNow} />}
  />
);
