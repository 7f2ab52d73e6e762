import type { RecommendationItem } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { toPath } from '@web/app/paths';
import { PosterCard } from '@web/modules/movies/components/PosterCard';
import { formatRating } from '@web/modules/movies/rating';
import styles from './RecommendationCard.module.css';

type RecommendationCardProps = {
  item: RecommendationItem;
  /** What the viewer has of it: owned, rented, or "Subscription Required" where they cannot watch. */
  badge?: string;
};

/**
 * A recommended title: poster and title (to its page: a movie's, or a series' for `kind: 'series'`), why it is
 * recommended, and what the viewer has of it.
 */
export const RecommendationCard = ({ item, badge }: RecommendationCardProps) => {
  const { t } = useTranslation('movie');
  const facts = [formatRating(item.rating, t('ratingUnknown')), item.releaseYear, item.genre];
  return (
    <PosterCard
      title={item.title}
      posterUrl={item.posterUrl}
      to={item.kind === 'series' ? toPath.series(item.movie_id) : toPath.movie(item.movie_id)}
      badge={badge}
    >
      <p className={styles.reason}>{item.reasonText}</p>
      <p className={styles.facts}>{facts.filter((part) => part !== null && part !== '').join(' · ')}</p>
    </PosterCard>
  );
};

/** The recommended titles whose access the viewer's badges need (a free title needs no badge). */
export const premiumIds = (items: RecommendationItem[] | undefined) =>
  (items ?? []).filter((item) => item.access === 'premium').map((item) => item.movie_id);
