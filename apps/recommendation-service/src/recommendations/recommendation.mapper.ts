import type { RecommendationItem } from '@app/contracts';
import { reasonText } from '@app/contracts';
import type { CatalogueItem } from '../items/item.mapper';
import type { ScoredPick } from './pick-list';

/** A picked title as the contract shows it: the reason in words, and what its card needs. */
export const toRecommendationItem = (
  item: CatalogueItem,
  pick: ScoredPick,
  basedOn: CatalogueItem | undefined,
): RecommendationItem => ({
  movie_id: item.movieId,
  score: pick.score,
  reason: pick.reason,
  reasonText: reasonText(pick.reason, basedOn ?? null, item.genre),
  basedOnMovieId: basedOn ? basedOn.movieId : null,
  title: item.title,
  posterUrl: item.posterUrl,
  genre: item.genre,
  rating: item.rating,
  access: item.access,
  releaseYear: item.releaseYear,
  kind: item.kind,
});
