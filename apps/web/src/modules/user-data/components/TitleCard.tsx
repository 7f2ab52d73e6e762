import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import { toPath } from '@web/app/paths';
import { PosterImage } from '@web/modules/movies/components/PosterImage';
import { cardClass } from '@web/shared/ui/Card';
import styles from './TitleCard.module.css';

type TitleCardProps = {
  movieId: string;
  title: string;
  posterUrl: string;
  /** Where the title leads: the movie's details unless given (an episode's series page). */
  to?: To;
  /** Lines under the title (date, time watched, genre, rating). */
  children: ReactNode;
  actions: ReactNode;
};

/** A title in one of the viewer's lists: poster, title (to its details), facts and the buttons that act on it. */
export const TitleCard = ({ movieId, title, posterUrl, to, children, actions }: TitleCardProps) => (
  <li className={cardClass({ padding: 'none' }, styles.card)}>
    <PosterImage className={styles.poster} title={title} posterUrl={posterUrl} />
    <div className={styles.body}>
      <h3 className={styles.title}>
        <Link to={to ?? toPath.movieDetails(movieId)} className={styles.link}>
          {title}
        </Link>
      </h3>
      {children}
      <div className={styles.actions}>{actions}</div>
    </div>
  </li>
);

/** The list the cards sit in: one column on a phone, more as the panel widens. */
export const TitleList = ({ label, children }: { label: string; children: ReactNode }) => (
  <ul className={styles.list} aria-label={label}>
    {children}
  </ul>
);
