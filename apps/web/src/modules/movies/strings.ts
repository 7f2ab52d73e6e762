/** Texts of the movie cards and lists (namespace `movie`, SPEC 2, 8). */
export const movieStrings = {
  loading: 'Loading movies...',
  failed: 'Failed to fetch movies',
  tryAgain: 'Try Again',
  retrying: 'Trying again...',
  empty: 'No movies to show yet. New titles are on their way.',
  watchNow: 'Watch Now',
  watchNowTitle: 'Watch Now: {{title}}',
  ratingUnknown: 'N/A',
  ratingLabel: 'Rating',
  posterAlt: 'Poster for {{title}}',
} as const;
