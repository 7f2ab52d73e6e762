import type { Movie } from '@app/contracts';
import { MovieCard } from './MovieCard';
import styles from './MovieGrid.module.css';

type MovieGridProps = { movies: Movie[] };

export const MovieGrid = ({ movies }: MovieGridProps) => (
  <ul className={styles.grid}>
    {movies.map((movie) => (
      <li key={movie.id}>
        <MovieCard movie={movie} />
      </li>
    ))}
  </ul>
);
