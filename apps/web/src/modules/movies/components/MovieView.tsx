import type { MovieDetail, Review } from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Paths, toPath } from '@web/app/paths';
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
import { Button, buttonClass } from '@web/shared/ui/Button';
import { Card } from '@web/shared/ui/Card';
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

/** SPEC 2 rent box: 48 hours for the title's rental price. Payments come later, so Rent Now says so. */
const RentBox = ({ price }: { price: number }) => {
  const [asked, setAsked] = useState(false);
  return (
    <Card as="aside" className={styles.rentBox} strong raised aria-labelledby="rent-heading">
      <h2 id="rent-heading" className={styles.rentTitle}>
        {detailStrings.rentTitle}
      </h2>
      <p className={styles.rentFacts}>
        <span>{detailStrings.rentHours}</span>
        <strong className={styles.rentPrice}>{detailStrings.rentPrice(price)}</strong>
      </p>
      <Button block onClick={() => setAsked(true)}>
        {detailStrings.rentNow}
      </Button>
      <div role="status" className={styles.rentNote}>
        {asked && (
          <>
            <strong>{detailStrings.rentSoonTitle}</strong>
            <span>{detailStrings.rentSoonLine}</span>
            <Link to={Paths.subscription}>{detailStrings.viewPlans}</Link>
          </>
        )}
      </div>
    </Card>
  );
};

const SignInCta = () => (
  <Card as="aside" className={styles.rentBox} strong raised>
    <h2 className={styles.rentTitle}>{detailStrings.signInCta}</h2>
    <p className={styles.muted}>{detailStrings.signInCtaLine}</p>
    <Link to={Paths.userLogin} className={buttonClass({ block: true })}>
      {detailStrings.signIn}
    </Link>
    <Link to={toPath.signup()} className={buttonClass({ variant: 'ghost', block: true })}>
      {detailStrings.join}
    </Link>
  </Card>
);

type MovieViewProps = {
  id: string;
  /** 'member' is /movie/{id} (rent box, review form); 'visitor' is /moviedetails/{id} (sign-in call to action). */
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
        {variant === 'member' ? <RentBox price={movie.rentalPriceInr} /> : <SignInCta />}
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
    </article>
  );
};
