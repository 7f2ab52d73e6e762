// No zod here: the web's user-data screens import these rules, settings defaults and texts, and must not pull
// zod into their chunk with them. The schemas are in user-data.ts, which re-exports this file.

// ── Resume rules (DECISIONS 10, Jellyfin's defaults) ─────────────────────────────────────────────────────────

/** Under this share of the film watched, a title is not listed in Continue Watching. */
export const RESUME_MIN_PERCENT = 5;
/** Over this share, the title counts as finished and leaves the row. */
export const FINISHED_PERCENT = 90;
/** Continue Watching shows at most this many titles, most recent first. */
export const CONTINUE_WATCHING_LIMIT = 6;
/**
 * The most watch time one progress report may add. The player reports every 10 s (and on pause, seek, exit) the
 * seconds it played since its last report; a larger claim (a throttled tab, a hand-made request) is cut to this.
 */
export const MAX_WATCHED_SECONDS_PER_REPORT = 15;
/** Viewing Activity covers this many calendar months, the current one last. */
export const ACTIVITY_MONTHS = 6;

/** Percentage watched, 0–100 with one decimal; null while the duration is unknown. */
export const watchedPercent = (positionSeconds: number, durationSeconds: number | null): number | null =>
  durationSeconds && durationSeconds > 0
    ? Math.min(100, Math.round((positionSeconds / durationSeconds) * 1000) / 10)
    : null;

/** SPEC 2: watch time in minutes is seconds divided by 60, rounded. */
export const watchMinutes = (watchTimeSeconds: number): number => Math.round(watchTimeSeconds / 60);

// ── Settings (DECISIONS 21) ─────────────────────────────────────────────────────────────────────────────────

export const PlaybackPreference = { AutoPlayNext: 'autoplay-next', AskNext: 'ask-next' } as const;
export type PlaybackPreference = (typeof PlaybackPreference)[keyof typeof PlaybackPreference];
/** SPEC 2: both notification boxes on by default. */
export const DEFAULT_VIEWER_SETTINGS: {
  notifications: { newReleases: boolean; recommendations: boolean };
  playback: PlaybackPreference;
} = {
  notifications: { newReleases: true, recommendations: true },
  playback: PlaybackPreference.AutoPlayNext,
};

/** Without a password, deleting the account needs a sign-in this recent. */
export const FRESH_SIGN_IN_MINUTES = 10;

// ── Messages (SPEC 8 where it has them) ──────────────────────────────────────────────────────────────────────

export const UserDataMessages = {
  favoriteAdded: 'Added to favorites!',
  favoriteButtonDone: 'Added to Favorites',
  loginToFavorite: 'Please log in to add favorites.',
  addFavoriteFailed: 'Failed to add to favorites',
  removeHistoryFailed: 'Failed to remove from history',
  removeFavoriteFailed: 'Failed to remove from favorites',
  noHistory: 'No watch history yet.',
  noFavorites: 'No favorites yet.',
  movieNotFound: 'Movie not found',
  historyItemNotFound: 'History item not found',
  settingsSaved: 'Settings saved',
  wrongPassword: 'Password is incorrect',
  signInAgain: 'Please sign in again to delete your account',
} as const;
