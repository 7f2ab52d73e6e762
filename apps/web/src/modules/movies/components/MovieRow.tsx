import type { Movie } from '@app/contracts';
import { type ReactNode, useId, useRef } from 'react';
import { MovieCard } from '@web/modules/movies/components/MovieCard';
import { browseStrings } from '@web/modules/movies/browse-strings';
import styles from './MovieRow.module.css';

type MovieRowProps = {
  title: string;
  movies: Movie[];
  onWatchNow?: (movie: Movie) => void;
  badgeFor?: (movie: Movie) => string | undefined;
  /** Shown instead of the row when it has no titles. */
  empty?: ReactNode;
  /** Controls beside the heading (e.g. the genre filter). */
  aside?: ReactNode;
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
export const MovieRow = ({ title, movies, onWatchNow, badgeFor, empty, aside }: MovieRowProps) => {
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
        {movies.length > 0 && (
          <div className={styles.arrows}>
            <button
              type="button"
              className={styles.arrow}
              aria-label={browseStrings.scrollLeft(title)}
              onClick={() => scroll(-1)}
            >
              <Chevron flip />
            </button>
            <button
              type="button"
              className={styles.arrow}
              aria-label={browseStrings.scrollRight(title)}
              onClick={() => scroll(1)}
            >
              <Chevron />
            </button>
          </div>
        )}
      </div>
      {movies.length === 0 ? (
        <div className={styles.empty}>{empty ?? browseStrings.emptyRow}</div>
      ) : (
        <ul ref={track} className={styles.track}>
          {movies.map((movie) => (
            <li key={movie.id} className={styles.item}>
              <MovieCard movie={movie} badge={badgeFor?.(movie)} onWatchNow={onWatchNow} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
