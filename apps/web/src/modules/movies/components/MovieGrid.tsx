import type { Movie } from '@app/contracts';
import { MovieCard } from './MovieCard';
import styles from './MovieGrid.module.css';

type MovieGridProps = {
  movies: Movie[];
  onWatchNow?: (movie: Movie) => void;
  badgeFor?: (movie: Movie) => string | undefined;
};

export const MovieGrid = ({ movies, onWatchNow, badgeFor }: MovieGridProps) => (
  <ul className={styles.grid}>
    {movies.map((movie) => (
      <li key={movie.id}>
        <MovieCard movie={movie} onWatchNow={onWatchNow} badge={badgeFor?.(movie)} />
      </li>
    ))}
  </ul>
);
