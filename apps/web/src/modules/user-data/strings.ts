import { FRESH_SIGN_IN_MINUTES, UserDataMessages } from '@app/contracts';

/** Texts of the viewer's own data: favorites (My List), history, Continue Watching, analytics, settings, privacy. */
export const userDataStrings = {
  ...UserDataMessages,
  dismiss: 'Dismiss',
  addToFavorites: 'Add to Favorites',
  removeFromFavorites: 'Remove from Favorites',
  remove: 'Remove',
  removeHistoryTitle: (title: string) => `Remove ${title} from history`,
  removeFavoriteTitle: (title: string) => `Remove from Favorites: ${title}`,
  historyListLabel: 'Titles you watched',
  favoritesListLabel: 'Your favorites',
  tryAgain: 'Try Again',

  favoritesLoading: 'Loading your favorites...',
  favoritesFailed: 'Could not load your favorites.',
  historyLoading: 'Loading your watch history...',
  historyFailed: 'Could not load your watch history.',
  watchedOn: (date: string) => `Watched on ${date}`,
  watchMinutes: (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} watched`,
  /** Under a minute, the seconds: never "0 minutes" beside a bar that shows the title watched (issue 24). */
  watchSeconds: (seconds: number) => `${seconds} ${seconds === 1 ? 'second' : 'seconds'} watched`,
  progressLabel: (title: string) => `How much of ${title} you watched`,
  finished: 'Finished',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,

  myListTitle: 'My List',
  myListLead: 'The titles you added to your favorites.',
  myListSeries: 'TV Shows',
  browseMovies: 'Browse movies',

  continueWatching: 'Continue Watching',
  resume: (title: string) => `Resume ${title}`,
  removeFromRow: 'Remove from row',
  removeFromRowTitle: (title: string) => `Remove from row: ${title}`,
  percentWatched: (percent: number) => `${Math.round(percent)}% watched`,
  removeFromRowFailed: 'Failed to remove from Continue Watching',

  analyticsLoading: 'Loading your viewing charts...',
  analyticsFailed: 'Could not load your viewing charts.',
  analyticsEmpty: 'No viewing activity yet. Watch a title and your charts will appear here.',
  byGenreTitle: 'Watch time by genre',
  viewingActivity: 'Viewing Activity',
  otherGenres: 'Other',
  hoursAxis: 'Hours',
  totalWatched: (time: string) => `Total watch time: ${time}`,
  durationSeconds: (seconds: number) => `${seconds} s`,
  duration: (minutes: number) => {
    if (minutes < 60) return `${minutes} min`;
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  },
  genreSlice: (genre: string, time: string, percent: number) => `${genre}: ${time} (${percent}%)`,
  monthPoint: (month: string, hours: string) => `${month}: ${hours}`,
  monthColumn: 'Month',

  settingsLoading: 'Loading your settings...',
  settingsFailed: 'Could not load your settings.',
  emailNotifications: 'Email notifications',
  newReleases: 'New releases',
  recommendations: 'Recommendations',
  playback: 'Playback',
  playbackOptions: { 'autoplay-next': 'Auto-play next episode', 'ask-next': 'Ask before playing next' },
  saveChanges: 'Save Changes',
  saving: 'Saving...',
  saveSettingsFailed: 'Failed to save settings',

  privacyLead: 'Your data belongs to you. Download a copy of it, or delete your account.',
  downloadTitle: 'Download my data',
  downloadLead: 'A JSON file with your profile, watch history, favorites, settings and payments.',
  downloadMyData: 'Download my data',
  downloading: 'Preparing your file...',
  downloadReady: 'Your data file is downloading.',
  downloadFailed: 'Failed to download your data. Please try again.',
  deleteTitle: 'Delete my account',
  deleteLead:
    'Your profile, history, favorites and settings are erased. Payment records are kept as the law requires, without your personal details.',
  deleteMyAccount: 'Delete my account',
  deleteConfirmTitle: 'Delete your account?',
  deleteConfirmText: 'This cannot be undone. You will be signed out and your data will be erased.',
  /** What ends with the account, listed before it goes (issue 24). */
  deleteEnds: 'These end with your account:',
  deleteEndsPlan: (plan: string) => `Your ${plan} plan, and its renewals`,
  deleteEndsTitle: (title: string, kind: 'purchase' | 'rental') =>
    `${title} (${kind === 'rental' ? 'rented' : 'bought'})`,
  accountDeletedTitle: 'Your account is deleted',
  accountDeletedText:
    'Your profile, history, favorites and settings are erased and you are signed out. Payment records are kept as the law requires, without your personal details.',
  accountDeletedHome: 'Go to the home page',
  deletePasswordLabel: 'Your password',
  deletePasswordRequired: 'Enter your password to confirm.',
  deleteFreshSignIn: `Your account signs in with Google: you can delete it within ${FRESH_SIGN_IN_MINUTES} minutes of signing in. If it has been longer, sign out and sign in again.`,
  deleteConfirm: 'Delete my account',
  deleting: 'Deleting...',
  cancel: 'Cancel',
  deleteFailed: 'Failed to delete your account. Please try again.',
} as const;
