import type { Movie } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '@web/shared/ui/Modal';
import { ToastRegion } from '@web/shared/ui/toast/ToastRegion';
import { useToasts } from '@web/shared/ui/toast/useToasts';
import { TitleAccess } from '@web/modules/payments/components/TitleAccess';
import { FavoriteButton } from '@web/modules/user-data/components/FavoriteButton';
import { useViewer } from '../hooks/useViewer';
import { formatRating } from '../rating';
import { releaseYear } from '../release-year';
import styles from './MovieDetailModal.module.css';
import { type MovieFact, MovieFacts } from './MovieFacts';
import { PosterImage } from './PosterImage';

type MovieDetailModalProps = { movie: Movie; onClose: () => void };

/**
 * SPEC 2 "Movie detail modal". Watch Now (₹1200) is the access panel's purchase (modules/payments); Add to
 * Favorites is the viewer's list (modules/user-data), its outcome said in a toast inside the dialog.
 */
export const MovieDetailModal = ({ movie, onClose }: MovieDetailModalProps) => {
  const { t } = useTranslation(['detail', 'movie', 'userData']);
  const { user } = useViewer();
  const { toasts, show, dismiss } = useToasts();
  const facts: MovieFact[] = [
    [t('genre'), movie.genres.length ? movie.genres.join(', ') : movie.genre],
    // Unknown facts are left out (null), not listed as 'N/A' (issue 24).
    [t('year'), releaseYear(movie.releaseDate) ?? null],
    [t('runtime'), movie.runtimeMinutes ? t('minutes', { minutes: movie.runtimeMinutes }) : null],
    [t('director'), movie.director || null],
    [t('cast'), movie.cast?.length ? movie.cast.join(', ') : null],
  ];

  return (
    <Modal title={movie.title} hideTitle onClose={onClose} closeLabel={t('close')}>
      <div className={styles.layout}>
        <PosterImage framed title={movie.title} posterUrl={movie.posterUrl} eager />
        <div className={styles.body}>
          <p className={styles.title} aria-hidden="true">
            {movie.title}
          </p>
          <p className={styles.rating}>{formatRating(movie.rating, t('movie:ratingUnknown'))}</p>
          <MovieFacts facts={facts} />
          <h3 className={styles.subheading}>{t('plot')}</h3>
          <p className={styles.plot}>{movie.description}</p>
          <TitleAccess movie={movie} placement="modal" />
          <div className={styles.actions}>
            <FavoriteButton
              userId={user?.id ?? null}
              title={{
                movieId: movie.id,
                title: movie.title,
                posterUrl: movie.posterUrl,
                genre: movie.genre,
                rating: movie.rating,
              }}
              notify={show}
            />
          </div>
          <ToastRegion toasts={toasts} onDismiss={dismiss} dismissLabel={t('userData:dismiss')} />
        </div>
      </div>
    </Modal>
  );
};
