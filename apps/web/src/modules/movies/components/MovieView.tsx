import { type MovieDetail, RATING_NOT_AVAILABLE, type Review } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { type MovieFact, MovieFacts } from '@web/modules/movies/components/MovieFacts';
import { formatLanguage, formatLongDate, formatTrackLanguages, formatUsd } from '@web/modules/movies/format';
import { useMovie } from '@web/modules/movies/hooks/useMovie';
import { useMovieRating } from '@web/modules/movies/hooks/useMovieRating';
import { useViewer } from '@web/modules/movies/hooks/useViewer';
import { releaseYear } from '@web/modules/movies/release-year';
import { TitleAccess } from '@web/modules/payments/components/TitleAccess';
import { MoreLikeThisRow } from '@web/modules/recommendations/components/MoreLikeThisRow';
import { Panel } from '@web/shared/ui/Panel';
import { ReviewForm } from './ReviewForm';
import { TitleDetail, TitleLoading, TitleUnavailable } from './TitleDetail';
import styles from './MovieView.module.css';

const TOP_REVIEWS_SHOWN = 5;

const ReviewList = ({ reviews }: { reviews: Review[] }) => {
  const { t } = useTranslation('detail');
  return (
    <Panel title={t('reviews')}>
      {reviews.length === 0 ? (
        <p className={styles.muted}>{t('noReviews')}</p>
      ) : (
        <ul className={styles.reviews}>
          {reviews.slice(0, TOP_REVIEWS_SHOWN).map((review) => (
            <li key={review.id} className={styles.review}>
              <p className={styles.reviewHead}>
                <strong>{review.username}</strong>
                <span className={styles.muted}>{formatLongDate(review.createdAt, t('notKnown'))}</span>
                <span className={styles.reviewRating}>
                  {t('ratingOutOf10', { rating: review.rating.toFixed(1) })}
                </span>
              </p>
              <p className={styles.reviewText}>{review.content}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
};

/**
 * Rating and votes come from the server's rating look-up (DECISIONS 14): the rating is 'N/A' until it answers or when
 * it finds nothing (SPEC 9). Any other fact that is not known is left out rather than listed as 'N/A' (issue 24).
 */
const DetailsList = ({ movie }: { movie: MovieDetail }) => {
  const { t } = useTranslation('detail');
  const { data: lookup } = useMovieRating(movie.id);
  const rows: MovieFact[] = [
    [
      t('rating'),
      lookup && lookup.rating !== RATING_NOT_AVAILABLE
        ? t('ratingOutOf10', { rating: lookup.rating })
        : t('notKnown'),
    ],
    [t('votes'), lookup?.votes || null],
    [t('director'), movie.director || null],
    [t('writers'), movie.writers?.length ? movie.writers.join(', ') : null],
    [t('genre'), movie.genres.length ? movie.genres.join(', ') : movie.genre],
    [t('awards'), movie.awards || null],
    [t('releaseDate'), formatLongDate(movie.releaseDate, '') || null],
    [t('runtime'), movie.runtimeMinutes ? t('minutes', { minutes: movie.runtimeMinutes }) : null],
    [t('language'), formatLanguage(movie.language, '') || null],
    [t('audioLanguages'), formatTrackLanguages(movie.audioLanguages)],
    [t('subtitleLanguages'), formatTrackLanguages(movie.subtitleLanguages)],
    [t('budget'), formatUsd(movie.budgetUsd, '') || null],
    [t('revenue'), formatUsd(movie.revenueUsd, '') || null],
  ];
  return (
    <Panel title={t('details')}>
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
  const { t } = useTranslation(['detail', 'movie']);
  const { data: movie, isPending, isError, error } = useMovie(id);
  const { user } = useViewer();

  if (isPending) return <TitleLoading text={t('loading')} />;
  if (isError)
    return (
      <TitleUnavailable
        error={error}
        texts={{
          notFound: t('notFound'),
          notFoundLine: t('notFoundLine'),
          failed: t('movie:failed'),
          back: t('backToBrowse'),
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
          {movie.runtimeMinutes && <span>{t('minutes', { minutes: movie.runtimeMinutes })}</span>}
        </>
      }
      access={movie.access}
      classification={movie.classification}
      descriptors={movie.descriptors}
      overview={movie.description}
      intro={
        movie.cast?.length > 0 && (
          <p className={styles.muted}>
            <strong>{t('cast')}:</strong> {movie.cast.join(', ')}
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
            <Link to={Paths.userLogin}>{t('signInToReview')}</Link>
          </p>
        ))}
      <MoreLikeThisRow movieId={movie.id} />
    </TitleDetail>
  );
};
