import { type AdminMovie, MovieStatus } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PosterImage } from '@web/modules/movies/components/PosterImage';
import { formatRating } from '@web/modules/movies/rating';
import { Button } from '@web/shared/ui/Button';
import { Card } from '@web/shared/ui/Card';
import titleStyles from './AdminTitle.module.css';
import { ScheduleLines } from './ScheduleLines';
import styles from './ManageMovies.module.css';

type AdminMovieCardProps = {
  movie: AdminMovie;
  busy: boolean;
  onEdit: (movie: AdminMovie) => void;
  onPublish: (movie: AdminMovie) => void;
  onDelete: (movie: AdminMovie) => void;
  onRemoveReview: (movie: AdminMovie, reviewId: string) => void;
};

/** One title on Manage Movies: poster, status badge, title, genre, rating, description, reviews (SPEC 2). */
export const AdminMovieCard = ({
  movie,
  busy,
  onEdit,
  onPublish,
  onDelete,
  onRemoveReview,
}: AdminMovieCardProps) => {
  const { t } = useTranslation('adminMovies');
  const [confirming, setConfirming] = useState(false);
  // The review whose removal is being asked about: a removal is asked first (issue 24).
  const [removing, setRemoving] = useState<string | null>(null);
  const isDraft = movie.status === MovieStatus.Draft;
  return (
    <Card as="article" padding="sm" className={styles.card} aria-label={movie.title}>
      <div className={styles.cardPoster}>
        <PosterImage className={titleStyles.poster} title={movie.title} posterUrl={movie.posterUrl} />
        <span
          className={`${titleStyles.badge} ${isDraft ? titleStyles.draft : titleStyles.published} ${styles.onPoster}`}
        >
          {isDraft ? t('statuses.draft') : t('statuses.published')}
        </span>
      </div>
      <div className={titleStyles.body}>
        <h3 className={styles.cardTitle}>{movie.title}</h3>
        <p className={styles.cardMeta}>
          <span>{movie.genre}</span>
          <span>{formatRating(movie.rating)}</span>
        </p>
        <ScheduleLines publishAt={movie.publishAt} availableUntil={movie.availableUntil} />
        <p className={styles.description}>{movie.description}</p>
        <div className={styles.reviews}>
          <h4 className={styles.reviewsTitle}>
            {t('reviews')} ({movie.reviews.length})
          </h4>
          {movie.reviews.length === 0 ? (
            <p className={styles.noReviews}>{t('noReviews')}</p>
          ) : (
            <ul className={styles.reviewList}>
              {movie.reviews.map((review) => (
                <li key={review.id} className={styles.reviewItem}>
                  <span>
                    <strong>{review.username}</strong>: {review.content}
                  </span>
                  {removing === review.id ? (
                    <span
                      role="group"
                      aria-label={t('removeReview', { author: review.username })}
                      className={styles.confirmReview}
                    >
                      <span>{t('confirmRemoveReview', { author: review.username })}</span>
                      <button
                        type="button"
                        className={styles.linkButton}
                        disabled={busy}
                        onClick={() => {
                          setRemoving(null);
                          onRemoveReview(movie, review.id);
                        }}
                      >
                        {t('confirmRemove')}
                      </button>
                      <button type="button" className={styles.linkButton} onClick={() => setRemoving(null)}>
                        {t('keepReview')}
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className={styles.linkButton}
                      aria-label={t('removeReview', { author: review.username })}
                      disabled={busy}
                      onClick={() => setRemoving(review.id)}
                    >
                      {t('remove')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={titleStyles.actions}>
          {confirming ? (
            <>
              <Button size="sm" disabled={busy} onClick={() => onDelete(movie)}>
                {t('confirmDelete')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                {t('cancel')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="ghost" size="sm" onClick={() => onEdit(movie)}>
                {t('edit')}
              </Button>
              {isDraft && (
                <Button size="sm" disabled={busy} onClick={() => onPublish(movie)}>
                  {t('publish')}
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                {t('delete')}
              </Button>
            </>
          )}
        </div>
      </div>
    </Card>
  );
};
