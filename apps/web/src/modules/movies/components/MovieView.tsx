import type { MovieDetail, Review } from '@app/contracts';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { type MovieFact, MovieFacts } from '@web/modules/movies/components/MovieFacts';
import { MovieMeta } from '@web/modules/movies/components/MovieMeta';
import { PosterImage } from '@web/modules/movies/components/PosterImage';
import { formatDate, formatLanguage, formatUsd } from '@web/modules/movies/format';
import { useMovie } from '@web/modules/movies/hooks/useMovie';
import { useMovieRating } from '@web/modules/movies/hooks/useMovieRating';
import { useViewer } from '@web/modules/movies/hooks/useViewer';
import { releaseYear } from '@web/modules/movies/release-year';
import { movieStrings } from '@web/modules/movies/strings';
import { detailStrings } from '@web/modules/movies/browse-strings';
import { ApiRequestError } from '@web/shared/api/api-request-error';
import { TitleAccess } from '@web/modules/payments/components/TitleAccess';
import { MoreLikeThisRow } from '@web/modules/recommendations/components/MoreLikeThisRow';
import { buttonClass } from '@web/shared/ui/Button';
import { Panel } from '@web/shared/ui/Panel';
import { PageTitle } from '@web/shared/ui/PageTitle';
import { ReviewForm } from './ReviewForm';
import styles from './MovieView.module.css';

const na = detailStrings.notKnown;
const TOP_REVIEWS_SHOWN = 5;

const ReviewList = ({ reviews }: { reviews: Review[] }) => (
  <Panel title={detailStrings.reviews}>
    {reviews.length === 0 ? (
      <p className={styles.muted}>{detailStrings.noReviews}</p>
    ) : (
      <ul className={styles.reviews}>
        {reviews.slice(0, TOP_REVIEWS_SHOWN).map((review) => (
          <li key={review.id} className={styles.review}>
            <p className={styles.reviewHead}>
              <strong>{review.username}</strong>
              <span className={styles.muted}>{formatDate(review.createdAt, na)}</span>
              <span className={styles.reviewRating}>
                {detailStrings.ratingOutOf10(review.rating.toFixed(1))}
              </span>
            </p>
            <p className={styles.reviewText}>{review.content}</p>
          </li>
        ))}
      </ul>
    )}
  </Panel>
);

/** Rating and votes come from the server's rating look-up (DECISIONS 14), 'N/A' until it answers. */
const DetailsList = ({ movie }: { movie: MovieDetail }) => {
  const { data: lookup } = useMovieRating(movie.id);
  const rows: MovieFact[] = [
    [detailStrings.rating, lookup && lookup.rating !== na ? detailStrings.ratingOutOf10(lookup.rating) : na],
    [detailStrings.votes, lookup?.votes ?? na],
    [detailStrings.director, movie.director ?? na],
    [detailStrings.writers, movie.writers?.length ? movie.writers.join(', ') : na],
    [detailStrings.genre, movie.genres.length ? movie.genres.join(', ') : movie.genre],
    [detailStrings.awards, movie.awards ?? na],
    [detailStrings.releaseDate, formatDate(movie.releaseDate, na)],
    [detailStrings.runtime, movie.runtimeMinutes ? detailStrings.minutes(movie.runtimeMinutes) : na],
    [detailStrings.language, formatLanguage(movie.language, na)],
    [detailStrings.budget, formatUsd(movie.budgetUsd, na)],
    [detailStrings.revenue, formatUsd(movie.revenueUsd, na)],
  ];
  return (
    <Panel title={detailStrings.details}>
      <MovieFacts facts={rows} wide />
    </Panel>
  );
};

type MovieViewProps = {
  id: string;
  /**
   * 'member' is /movie/{id} (with the review form); 'visitor' is /moviedetails/{id}. Both show the access
   * panel: SPEC's rent box for a title the viewer can rent, sign-in for a visitor (modules/payments).
   */
  variant: 'member' | 'visitor';
};

export const MovieView = ({ id, variant }: MovieViewProps) => {
  const { data: movie, isPending, isError, error } = useMovie(id);
  const { user } = useViewer();

  if (isPending)
    return (
      <p role="status" className={styles.loading}>
        {detailStrings.loading}
      </p>
    );
  if (isError) {
    const missing = error instanceof ApiRequestError && error.status === 404;
    return (
      <div className={styles.missing} role="alert">
        <PageTitle>{missing ? detailStrings.notFound : movieStrings.failed}</PageTitle>
        <p className={styles.muted}>{missing ? detailStrings.notFoundLine : error.message}</p>
        <Link to={Paths.movies} className={buttonClass({ variant: 'ghost' })}>
          {detailStrings.backToBrowse}
        </Link>
      </div>
    );
  }

  const year = releaseYear(movie.releaseDate);
  return (
    <article className={styles.view}>
      <title>{`${movie.title} · Streamly`}</title>
      <div className={styles.top}>
        <PosterImage framed className={styles.poster} title={movie.title} posterUrl={movie.posterUrl} eager />
        <div className={styles.intro}>
          <PageTitle>{movie.title}</PageTitle>
          <MovieMeta>
            {year && <span>{year}</span>}
            <span>{movie.genre}</span>
            {movie.runtimeMinutes && <span>{detailStrings.minutes(movie.runtimeMinutes)}</span>}
            <span className={styles.access}>{movie.access}</span>
          </MovieMeta>
          <p className={styles.overview}>{movie.description}</p>
          {movie.cast?.length > 0 && (
            <p className={styles.muted}>
              <strong>{detailStrings.cast}:</strong> {movie.cast.join(', ')}
            </p>
          )}
        </div>
        <TitleAccess movie={movie} placement="page" />
      </div>
      <DetailsList movie={movie} />
      <ReviewList reviews={movie.topReviews ?? []} />
      {variant === 'member' &&
        (user ? (
          <Panel>
            <ReviewForm movieId={movie.id} />
          </Panel>
        ) : (
          <p className={styles.muted}>
            <Link to={Paths.userLogin}>{detailStrings.signInToReview}</Link>
          </p>
        ))}
      <MoreLikeThisRow movieId={movie.id} />
    </article>
  );
};
