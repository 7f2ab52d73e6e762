import type { Movie } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { MovieMeta } from '@web/modules/movies/components/MovieMeta';
import { PosterImage } from '@web/modules/movies/components/PosterImage';
import { formatRating } from '@web/modules/movies/rating';
import { releaseYear } from '@web/modules/movies/release-year';
import { Button } from '@web/shared/ui/Button';
import { PageTitle } from '@web/shared/ui/PageTitle';
import styles from './HeroBanner.module.css';

type HeroBannerProps = { movie: Movie; onPlay: (movie: Movie) => void; onMoreInfo: (movie: Movie) => void };

/** The first popular title, large, with Play Now (or 'Coming soon' before it has media) and More Info (SPEC 2). */
export const HeroBanner = ({ movie, onPlay, onMoreInfo }: HeroBannerProps) => {
  const { t } = useTranslation(['browse', 'movie', 'detail']);
  const year = releaseYear(movie.releaseDate);
  return (
    <section className={styles.hero} aria-label={movie.title}>
      <div className={styles.backdrop} aria-hidden="true">
        <PosterImage className={styles.backdropImage} title={movie.title} posterUrl={movie.posterUrl} eager />
      </div>
      <div className={styles.content}>
        <PageTitle>{movie.title}</PageTitle>
        <MovieMeta>
          <span className={styles.rating}>
            <span className={styles.star} aria-hidden="true">
              ★
            </span>{' '}
            {formatRating(movie.rating, t('movie:ratingUnknown'))}
          </span>
          {year && <span>{year}</span>}
          <span>{movie.genre}</span>
          {movie.runtimeMinutes && <span>{t('detail:minutes', { minutes: movie.runtimeMinutes })}</span>}
        </MovieMeta>
        <p className={styles.overview}>{movie.description}</p>
        <div className={styles.actions}>
          {movie.mediaReady ? (
            <Button size="md" onClick={() => onPlay(movie)}>
              ▶ {t('playNow')}
            </Button>
          ) : (
            <span className={styles.comingSoon}>{t('comingSoon')}</span>
          )}
          <Button variant="ghost" size="md" onClick={() => onMoreInfo(movie)}>
            {t('moreInfo')}
          </Button>
        </div>
      </div>
      <PosterImage framed className={styles.poster} title={movie.title} posterUrl={movie.posterUrl} eager />
    </section>
  );
};
