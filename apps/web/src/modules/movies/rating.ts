import { movieStrings } from './strings';

/** '7.5/10', or 'N/A' until a rating is known (SPEC 4 "Card rating"). */
export const formatRating = (rating: number | null): string =>
  rating === null ? movieStrings.ratingUnknown : `${rating.toFixed(1)}/10`;
