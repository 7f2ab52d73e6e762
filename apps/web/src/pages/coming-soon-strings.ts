// Apart from pages/strings.ts so these texts load with the coming-soon page, not with the first screen.

/**
 * Titles and one-line notes for screens still being built. When a screen is built, its strings move
 * to its feature's strings.ts and its entry leaves this list.
 */
export const comingSoonPages = {
  tvShows: { title: 'TV Shows', line: 'Series and seasons are on their way.' },
} as const;
export type ComingSoonKey = keyof typeof comingSoonPages;
