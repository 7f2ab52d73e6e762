import type { MovieRating } from '@app/contracts';
import { RATING_NOT_AVAILABLE } from '@app/contracts';
import type { OmdbAnswer } from './movie-rating.client';

const sameTitle = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * SPEC 5's match rule for a title look-up: accepted only if the title equals the movie's title
 * (case-insensitive, trimmed) and, when the movie's release year is known, the year matches.
 */
export const acceptsTitleMatch = (
  movie: { title: string; year: number | null },
  answer: OmdbAnswer,
): boolean =>
  answer.Response === 'True' &&
  answer.Title !== undefined &&
  sameTitle(answer.Title, movie.title) &&
  (movie.year === null || Number.parseInt(answer.Year ?? '', 10) === movie.year);

const known = (value: string | undefined) => (value && value !== RATING_NOT_AVAILABLE ? value : null);

export const notAvailable = (imdbId: string | null): MovieRating => ({
  rating: RATING_NOT_AVAILABLE,
  votes: null,
  imdbId,
});

export const ratingOf = (answer: OmdbAnswer, imdbId: string | null): MovieRating => ({
  rating: known(answer.imdbRating) ?? RATING_NOT_AVAILABLE,
  votes: known(answer.imdbVotes),
  imdbId: known(answer.imdbID) ?? imdbId,
});
