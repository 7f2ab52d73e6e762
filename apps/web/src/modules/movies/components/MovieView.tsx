import type { MovieDetail, Review } from '@app/contracts';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { type MovieFact, MovieFacts } from '@web/modules/movies/components/MovieFacts';
import { formatDate, formatLanguage, formatTrackLanguages, formatUsd } from '@web/modules/movies/format';
import { useMovie } from '@web/modules/movies/hooks/useMovie';
import { useMovieRating } from '@web/modules/movies/hooks/useMovieRating';
import { useViewer } from '@web/modules/movies/hooks/useViewer';
import { releaseYear } from '@web/modules/movies/release-year';
import { movieStrings } from '@web/modules/movies/strings';
import { detailStrings } from '@web/modules/movies/browse-strings';
import { TitleAccess } from '@web/modules/payments/components/TitleAccess';
import { MoreLikeThisRow } from '@web/modules/recommendations/components/MoreLikeThisRow';
import { Panel } from '@web/shared/ui/Panel';
import { ReviewForm } from './ReviewForm';
import { TitleDetail, TitleLoading, TitleUnavailable } from './TitleDetail';
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

/**
 * Rating and votes come from the server's rating look-up (DECISIONS 14): the rating is 'N/A' until it answers or when
 * it finds nothing (SPEC 9). Any other fact that is not known is left out rather than listed as 'N/A' (issue 24).
 */
const DetailsList = ({ movie }: { movie: MovieDetail }) => {
  const { data: lookup } = useMovieRating(movie.id);
  const rows: MovieFact[] = [
    [detailStrings.rating, lookup && lookup.rating !== na ? detailStrings.ratingOutOf10(lookup.rating) : na],
    [detailStrings.votes, lookup?.votes || null],
    [detailStrings.director, movie.director || null],
    [detailStrings.writers, movie.writers?.length ? movie.writers.join(', ') : null],
    [detailStrings.genre, movie.genres.length ? movie.genres.join(', ') : movie.genre],
    [detailStrings.awards, movie.awards || null],
    [detailStrings.releaseDate, formatDate(movie.releaseDate, '') || null],
    [detailStrings.runtime, movie.runtimeMinutes ? detailStrings.minutes(movie.runtimeMinutes) : null],
    [detailStrings.language, formatLanguage(movie.language, '') || null],
    [detailStrings.audioLanguages, formatTrackLanguages(movie.audioLanguages)],
    [detailStrings.subtitleLanguages, formatTrackLanguages(movie.subtitleLanguages)],
    [detailStrings.budget, formatUsd(movie.budgetUsd, '') || null],
    [detailStrings.revenue, formatUsd(movie.revenueUsd, '') || null],
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

  if (isPending) return <TitleLoading text={detailStrings.loading} />;
  if (isError)
    return (
      <TitleUnavailable
        error={error}
        texts={{
          notFound: detailStrings.notFound,
          notFoundLine: detailStrings.notFoundLine,
          failed: movieStrings.failed,
          back: detailStrings.backToBrowse,
        }}
        backTo={Paths.movies}
      />
    );

  const year = releaseYear(movie.releaseDate);
  return (
    <TitleDetail
      title={movie.title}
      posterUrl={movie.posterUrl}
      meta={
        <>
          {year && <span>{year}</span>}
          <span>{movie.genre}</span>
          {movie.runtimeMinutes && <span>{detailStrings.minutes(movie.runtimeMinutes)}</span>}
        </>
      }
      access={movie.access}
      classification={movie.classification}
      descriptors={movie.descriptors}
      overview={movie.description}
      intro={
        movie.cast?.length > 0 && (
          <p className={styles.muted}>
            <strong>{detailStrings.cast}:</strong> {movie.cast.join(', ')}
          </p>
        )
      }
      aside={<TitleAccess movie={movie} placement="page" />}
    >
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
    </TitleDetail>
  );
};
