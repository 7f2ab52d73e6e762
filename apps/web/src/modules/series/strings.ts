import { type MovieSort, NextUpAction, SeriesMessages } from '@app/contracts';

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
  results_one: '{{count}} series',
  results_other: '{{count}} series',
  none: 'The catalogue has no TV shows yet.',
  noneInGenre: 'No {{genre}} TV shows yet.',
  loadFailed: 'Could not load TV shows.',
  seasons_one: '{{count}} season',
  seasons_other: '{{count}} seasons',
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
  /** A season without a title of its own. */
  seasonOption: 'Season {{number}}',
  episodesOf: 'Episodes of {{season}}',
  noEpisodes: 'No episodes in this season yet.',
  noSeasons: 'No episodes yet. New seasons are on their way.',
  minutes: '{{minutes}} min',
  /** An episode's own play button; never "Play S1:E1" on its own, which is the main button's name. */
  playEpisode: 'Play {{title}}, {{label}}',
  play: 'Play',
  comingSoon: 'Coming soon',
  progressLabel: 'How much of {{label}} you watched',
  /** The main button (contracts `nextUp`): "Play S1:E1", "Resume S2:E4", "Play next: S2:E5". */
  nextUp: {
    [NextUpAction.Play]: 'Play {{label}}',
    [NextUpAction.Resume]: 'Resume {{label}}',
    [NextUpAction.PlayNext]: 'Play next: {{label}}',
  },

  // The episode player
  playerTitle: '{{series}} — {{label}} · {{episode}}',
  episodeDetails: 'Episode details',
  backToSeries: 'All episodes of {{series}}',
  skipIntro: 'Skip intro',
  nextEpisode: 'Next episode',
  nextEpisodeIn: 'Next episode in {{seconds}}',
  cancel: 'Cancel',
  playNow: 'Play now',
  playNextEpisode: 'Play next episode',
  lastEpisode: 'That was the last episode.',

  // Continue Watching, history and search results elsewhere
  episodeName: '{{series}} {{label}}',
  /** "S1:E2 · Rain": the player's next episode, Continue Watching, history. */
  episodeLine: '{{label}} · {{title}}',
  searchResults: 'TV Shows',
} as const;
