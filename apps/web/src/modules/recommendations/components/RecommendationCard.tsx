import type { RecommendationItem } from '@app/contracts';
import { toPath } from '@web/app/paths';
import { PosterCard } from '@web/modules/movies/components/PosterCard';
import { formatRating } from '@web/modules/movies/rating';
import { recommendationStrings as texts } from '../strings';
import styles from './RecommendationCard.module.css';

/**
 * A recommended title: poster and title (to its page: a movie's, or a series' for `kind: 'series'`), why it is
 * recommended, and its access shown, never hidden.
 */
export const RecommendationCard = ({ item }: { item: RecommendationItem }) => (
  <PosterCard
    title={item.title}
    posterUrl={item.posterUrl}
    to={item.kind === 'series' ? toPath.series(item.movie_id) : toPath.movie(item.movie_id)}
    badge={item.access === 'premium' ? texts.premiumBadge : undefined}
  >
    <p className={styles.reason}>{item.reasonText}</p>
    <p className={styles.facts}>{texts.facts(formatRating(item.rating), item.releaseYear, item.genre)}</p>
  </PosterCard>
);
