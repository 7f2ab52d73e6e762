import type { Movie } from '@app/contracts';
import { useMovies } from '@web/modules/movies/hooks/useMovies';
import { PLACEHOLDER_POSTER, posterSrc } from '@web/modules/movies/poster';
import { config } from '@web/shared/config/config';
import styles from './HeroBackdrop.module.css';

/** Enough rows of posters to cover the hero at every width (10 columns wide, 5 on small screens). */
const TILES = 40;

const posterWall = (movies: Movie[]): string[] => {
  const posters = movies
    .map((movie) => posterSrc(movie.posterUrl, config.imageBaseUrl))
    .filter((src) => src !== PLACEHOLDER_POSTER);
  if (posters.length === 0) return [];
  return Array.from({ length: TILES }, (_, index) => posters[index % posters.length]);
};

/** A dimmed wall of trending posters behind the hero; only the gradient shows until (or unless) they load. */
export const HeroBackdrop = () => {
  const { data } = useMovies();
  const tiles = posterWall(data?.data ?? []);

  return (
    <div className={styles.backdrop} aria-hidden="true">
      {tiles.length > 0 && (
        <div className={styles.wall}>
          {tiles.map((src, index) => (
            <img
              key={index}
              className={styles.tile}
              src={src}
              alt=""
              width={500}
              height={750}
              decoding="async"
              onError={(event) => {
                event.currentTarget.style.visibility = 'hidden';
              }}
            />
          ))}
        </div>
      )}
      <div className={styles.overlay} />
    </div>
  );
};
