import type { Movie } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths, toPath } from '@web/app/paths';
import { Button, buttonClass } from '@web/shared/ui/Button';
import { formatRating } from '../rating';
import { releaseYear } from '../release-year';
import styles from './MovieCard.module.css';
import { PosterCard } from './PosterCard';

type MovieCardProps = {
  movie: Movie;
  imageBaseUrl?: string;
  /** A label over the poster, e.g. 'Subscription Required'. */
  badge?: string;
  /** When given, Watch Now is a button that calls it (signed-in screens) instead of a link to sign-in. */
  onWatchNow?: (movie: Movie) => void;
};

const StarIcon = () => (
  <svg className={styles.star} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
    />
  </svg>
);

/**
 * A movie as a poster card on the browse grids and rows (MovieGrid, MovieRow): the movie's lines and Watch Now on
 * the one PosterCard look, as SeriesCard and RecommendationCard bring theirs. The whole card opens its details;
 * Watch Now goes to sign-in (SPEC 2).
 */
export const MovieCard = ({ movie, imageBaseUrl, badge, onWatchNow }: MovieCardProps) => {
  const { t } = useTranslation('movie');
  const year = releaseYear(movie.releaseDate);

  return (
    <PosterCard
      title={movie.title}
      posterUrl={movie.posterUrl}
      imageBaseUrl={imageBaseUrl}
      to={toPath.movieDetails(movie.id)}
      badge={badge}
      classification={movie.classification}
      actions={
        onWatchNow ? (
          <Button
            size="sm"
            block
            aria-label={t('watchNowTitle', { title: movie.title })}
            onClick={() => onWatchNow(movie)}
          >
            {t('watchNow')}
          </Button>
        ) : (
          <Link className={buttonClass({ size: 'sm', block: true })} to={Paths.login}>
            {t('watchNow')}
          </Link>
        )
      }
    >
      <p className={styles.meta}>
        <span className={styles.rating} title={t('ratingLabel')}>
          <StarIcon />
          <span>{formatRating(movie.rating, t('ratingUnknown'))}</span>
        </span>
        {year && <span className={styles.metaItem}>{year}</span>}
        {movie.genre && <span className={styles.metaItem}>{movie.genre}</span>}
      </p>
      <p className={styles.overview}>{movie.description}</p>
    </PosterCard>
  );
};
