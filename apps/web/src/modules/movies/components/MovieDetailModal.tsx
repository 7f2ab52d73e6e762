import type { Movie } from '@app/contracts';
import { useState } from 'react';
import { Button } from '@web/shared/ui/Button';
import { Modal } from '@web/shared/ui/Modal';
import { TitleAccess } from '@web/modules/payments/components/TitleAccess';
import { useViewer } from '../hooks/useViewer';
import { formatRating } from '../rating';
import { releaseYear } from '../release-year';
import { detailStrings } from '../browse-strings';
import styles from './MovieDetailModal.module.css';
import { type MovieFact, MovieFacts } from './MovieFacts';
import { PosterImage } from './PosterImage';

type MovieDetailModalProps = { movie: Movie; onClose: () => void };

const unknown = detailStrings.notKnown;

/**
 * SPEC 2 "Movie detail modal". Watch Now (₹1200) is the access panel's purchase (modules/payments); favorites
 * arrive with later work and the button says so honestly.
 */
export const MovieDetailModal = ({ movie, onClose }: MovieDetailModalProps) => {
  const { user } = useViewer();
  const [note, setNote] = useState('');
  const facts: MovieFact[] = [
    [detailStrings.genre, movie.genres.length ? movie.genres.join(', ') : movie.genre],
    [detailStrings.year, releaseYear(movie.releaseDate) ?? unknown],
    [detailStrings.runtime, movie.runtimeMinutes ? detailStrings.minutes(movie.runtimeMinutes) : unknown],
    [detailStrings.director, movie.director ?? unknown],
    [detailStrings.cast, movie.cast?.length ? movie.cast.join(', ') : unknown],
  ];

  return (
    <Modal title={movie.title} hideTitle onClose={onClose} closeLabel={detailStrings.close}>
      <div className={styles.layout}>
        <PosterImage framed title={movie.title} posterUrl={movie.posterUrl} eager />
        <div className={styles.body}>
          <p className={styles.title} aria-hidden="true">
            {movie.title}
          </p>
          <p className={styles.rating}>{formatRating(movie.rating)}</p>
          <MovieFacts facts={facts} />
          <h3 className={styles.subheading}>{detailStrings.plot}</h3>
          <p className={styles.plot}>{movie.description}</p>
          <TitleAccess movie={movie} placement="modal" />
          <div className={styles.actions}>
            {user ? (
              <Button variant="ghost" disabled aria-describedby="favorites-soon">
                {detailStrings.addToFavorites}
              </Button>
            ) : (
              <Button variant="ghost" onClick={() => setNote(detailStrings.favoritesNeedLogin)}>
                {detailStrings.addToFavorites}
              </Button>
            )}
          </div>
          {user && (
            <p id="favorites-soon" className={styles.hint}>
              {detailStrings.favoritesSoon}
            </p>
          )}
          <p role="status" className={styles.note}>
            {note}
          </p>
        </div>
      </div>
    </Modal>
  );
};
