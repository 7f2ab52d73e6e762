import { type MovieSort, SeriesMessages } from '@app/contracts';
import { browseStrings } from '@web/modules/movies/browse-strings';

/** Every visible text of the TV-show screens: /tv-shows, the series page and the episode player (issue 13). */
export const seriesStrings = {
  notFound: SeriesMessages.notFound,
  episodeNotFound: SeriesMessages.episodeNotFound,

  // /tv-shows
  title: 'TV Shows',
  lead: 'Series from the Streamly catalogue, season by season.',
  searchLabel: 'Search TV shows',
  sortLabel: 'Sort by',
  sorts: {
    popular: 'Most popular',
    newest: 'Newest',
    'top-rated': 'Top rated',
    title: 'Title A–Z',
  } satisfies Record<MovieSort, string>,
  results: (total: number) => `${total} series`,
  none: (genre: string) => (genre ? `No ${genre} TV shows yet.` : 'The catalogue has no TV shows yet.'),
  noMatch: browseStrings.noTitlesMatch,
  loadFailed: 'Could not load TV shows.',
  seasons: (count: number) => `${count} ${count === 1 ? 'season' : 'seasons'}`,
  premiumBadge: 'Subscription Required',

  // The series page
  loading: 'Loading...',
  notFoundLine: 'This series is not available. It may have been removed.',
  backToBrowse: 'Browse TV shows',
  rating: 'Rating',
  genre: 'Genre',
  years: 'Years',
  creators: 'Created by',
  cast: 'Cast',
  language: 'Language',
  access: { free: 'Free', premium: 'Premium' },
  demoBadge: 'Demo content',
  demoNote: 'A made-up series that shows how Streamly works; every episode plays a short sample film.',
  seasonLabel: 'Season',
  seasonOption: (number: number, title: string) => title || `Season ${number}`,
  episodesOf: (season: string) => `Episodes of ${season}`,
  noEpisodes: 'No episodes in this season yet.',
  noSeasons: 'No episodes yet. New seasons are on their way.',
  minutes: (minutes: number) => `${minutes} min`,
  /** An episode's own play button; never "Play S1:E1" on its own, which is the main button's name. */
  playEpisode: (title: string, label: string) => `Play ${title}, ${label}`,
  play: 'Play',
  comingSoon: 'Coming soon',
  progressLabel: (label: string) => `How much of ${label} you watched`,

  // The episode player
  playerTitle: (series: string, label: string, episode: string) => `${series} — ${label} · ${episode}`,
  episodeDetails: 'Episode details',
  backToSeries: (series: string) => `All episodes of ${series}`,
  skipIntro: 'Skip intro',
  nextEpisode: 'Next episode',
  nextEpisodeIn: (seconds: number) => `Next episode in ${seconds}`,
  cancel: 'Cancel',
  playNow: 'Play now',
  playNextEpisode: 'Play next episode',
  lastEpisode: 'That was the last episode.',

  // Continue Watching, history and search results elsewhere
  episodeName: (series: string, label: string) => `${series} ${label}`,
  /** "S1:E2 · Rain": the player's next episode, Continue Watching, history. */
  episodeLine: (label: string, title: string) => `${label} · ${title}`,
  searchResults: 'TV Shows',
} as const;
