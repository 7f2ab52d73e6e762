import { movieStrings } from './strings';

/**
 * '7.5/10', or `unknown` until a rating is known (SPEC 4 "Card rating"): a translated screen passes
 * `t('movie:ratingUnknown')`; screens not translated yet get the English 'N/A'.
 */
export const formatRating = (rating: number | null, unknown: string = movieStrings.ratingUnknown): string =>
  rating === null ? unknown : `${rating.toFixed(1)}/10`;
