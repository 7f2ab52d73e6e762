export const movieStrings = {
  loading: 'Loading movies...',
  failed: 'Failed to fetch movies',
  tryAgain: 'Try Again',
  retrying: 'Trying again...',
  empty: 'No movies to show yet. New titles are on their way.',
  watchNow: 'Watch Now',
  watchNowTitle: (title: string) => `Watch Now: ${title}`,
  ratingUnknown: 'N/A',
  ratingLabel: 'Rating',
  posterAlt: (title: string) => `Poster for ${title}`,
} as const;
