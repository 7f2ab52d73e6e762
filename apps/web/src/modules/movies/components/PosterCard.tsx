import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import type { Classification } from '@app/contracts';
import { ClassificationBadge } from './ClassificationBadge';
import { PosterImage } from './PosterImage';
import styles from './PosterCard.module.css';

type PosterCardProps = {
  title: string;
  posterUrl: string | null | undefined;
  imageBaseUrl?: string;
  /** Where the card leads: its title link covers the whole card. */
  to: To;
  /** Navigation state for `to` (the player takes the title in it). */
  state?: unknown;
  /** The link's accessible name when it is more than the title (e.g. 'Resume {title}'). */
  linkLabel?: string;
  /** What the viewer has of the title, e.g. 'Subscription Required': first in the badge row under the poster. */
  badge?: string;
  /** The title's class, at the end of the badge row (issue 25); left out where a list does not carry it. */
  classification?: Classification;
  /** Edge to edge between the poster and the text (a progress bar). */
  strip?: ReactNode;
  /** Lines under the title. */
  children?: ReactNode;
  /** Buttons at the foot of the card; they sit above the card-wide link. */
  actions?: ReactNode;
};

/**
 * A title as a poster card in a row or grid (browse, Continue Watching, My List, recommendations, series): the one
 * card look; each kind of title brings its own lines and actions.
 */
export const PosterCard = ({
  title,
  posterUrl,
  imageBaseUrl,
  to,
  state,
  linkLabel,
  badge,
  classification,
  strip,
  children,
  actions,
}: PosterCardProps) => (
  <article className={styles.card}>
    <div className={styles.posterFrame}>
      <PosterImage
        className={styles.poster}
        title={title}
        posterUrl={posterUrl}
        imageBaseUrl={imageBaseUrl}
      />
    </div>
    {strip}
    <div className={styles.body}>
      {/* Under the poster, never over it: a generated poster prints its title and year at its top or its foot. */}
      {(badge || classification) && (
        <div className={styles.badges}>
          {badge && <span className={styles.badge}>{badge}</span>}
          {classification && <ClassificationBadge classification={classification} placement="card" />}
        </div>
      )}
      <h3 className={styles.title}>
        <Link to={to} state={state} className={styles.link} aria-label={linkLabel}>
          {title}
        </Link>
      </h3>
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  </article>
);
