import {
  AuthMessages,
  Classification,
  ErrorCode,
  MovieAccess,
  MovieStatus,
  ProfileKind,
  Role,
  UserStatus,
  episodeLabel,
} from '@app/contracts';
import type { Episode, Movie, Playable, Series, SeriesDetail, SessionUser } from '@app/contracts';
import { AppError } from '@app/server-core';

// What the stand-in services of the gateway's tests answer: a signed-in caller, a catalogue title, a series.

/** The fixed ids the specs share (valid ObjectIds, each one person or title in every spec that uses it). */
export const adminId = 'a'.repeat(24);
export const ashaId = 'b'.repeat(24);
export const raviId = 'c'.repeat(24);
export const movieId = 'd'.repeat(24);
export const seriesId = '1'.repeat(24);
export const episodeId = '2'.repeat(24);
/** A series, and an episode of it, that only admins see (drafts). */
export const draftSeriesId = '3'.repeat(24);
export const draftEpisodeId = '4'.repeat(24);

/** The caller auth-service would resolve a token to (verified: DECISIONS 33 lets it pay). */
export const fakeSession = (id: string, role: SessionUser['role'], username: string): SessionUser => ({
  id,
  username,
  email: `${username.toLowerCase()}@example.in`,
  role,
  status: UserStatus.Active,
  sessionId: `session-${username.toLowerCase()}`,
  emailVerified: true,
  // The account's one profile, which a sign-in's session acts as (issue 25: its id is the account's).
  profile: { id, kind: ProfileKind.Standard, maturityCeiling: Classification.A },
});

/** The bearer tokens the stand-in auth-service of the specs knows: the admin, Asha and Ravi (viewers). */
export const fakeTokens = { admin: 'admin-token', asha: 'asha-token', ravi: 'ravi-token' } as const;
const fakeSessions: Record<string, SessionUser> = {
  [fakeTokens.admin]: fakeSession(adminId, Role.Admin, 'Admin'),
  [fakeTokens.asha]: fakeSession(ashaId, Role.User, 'Asha'),
  [fakeTokens.ravi]: fakeSession(raviId, Role.User, 'Ravi'),
};

/** auth-service's answer to `resolveSession`: the session of one of `fakeTokens` (or of a suite's own `more`). */
export const resolveFakeSession = (token: string, more: Record<string, SessionUser> = {}): SessionUser => {
  const session = more[token] ?? fakeSessions[token];
  if (!session) throw new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired);
  return session;
};

/** A published title as catalogue-service answers `MovieRpc.get` (with its top reviews). */
export const fakeMovie = (id: string, overrides: Partial<Movie> = {}): Movie & { topReviews: [] } => ({
  id,
  title: 'Lagaan',
  description: 'A village bets its taxes on a game of cricket.',
  genre: 'Drama',
  genres: ['Drama'],
  rating: 8.1,
  votes: 120000,
  posterUrl: '/images/w500/x.svg',
  status: MovieStatus.Published,
  access: MovieAccess.Premium,
  purchasePriceInr: 1200,
  rentalPriceInr: 500,
  releaseDate: '2001-06-15',
  runtimeMinutes: 224,
  language: 'hi',
  director: 'Ashutosh Gowariker',
  imdbId: 'tt0169102',
  budgetUsd: null,
  revenueUsd: null,
  publishDate: null,
  writers: [],
  cast: [],
  awards: null,
  category: ['Drama'],
  tmdbId: null,
  classification: 'UA13',
  descriptors: ['language'],
  ...overrides,
  topReviews: [],
});

/** The playable answer (`catalogue.playables.get`) for a movie: its own facts, no episode. */
export const moviePlayable = (movie: Movie): Playable => ({
  id: movie.id,
  title: movie.title,
  posterUrl: movie.posterUrl,
  genre: movie.genre,
  rating: movie.rating,
  classification: movie.classification,
  descriptors: movie.descriptors,
  facts: {
    movieId: movie.id,
    title: movie.title,
    access: movie.access,
    purchasePriceInr: movie.purchasePriceInr,
    rentalPriceInr: movie.rentalPriceInr,
    kind: 'movie',
  },
  episode: null,
});

/** A published series as catalogue-service answers it (issue 13). */
export const fakeSeries = (id: string, overrides: Partial<Series> = {}): Series => ({
  id,
  title: 'Panchayat',
  description: 'An engineering graduate becomes secretary of a village panchayat.',
  genre: 'Comedy',
  genres: ['Comedy', 'Drama'],
  rating: 9,
  votes: 90000,
  posterUrl: '/images/w500/panchayat.svg',
  status: MovieStatus.Published,
  access: MovieAccess.Premium,
  firstAirDate: '2020-04-03',
  language: 'hi',
  creators: ['Deepak Kumar Mishra'],
  cast: ['Jitendra Kumar'],
  tmdbId: null,
  demo: false,
  seasonCount: 1,
  episodeCount: 2,
  publishDate: '2026-11-01T00:00:00.000Z',
  classification: 'UA7',
  descriptors: [],
  ...overrides,
});

export const fakeEpisode = (id: string, seriesId: string, overrides: Partial<Episode> = {}): Episode => ({
  id,
  seriesId,
  seasonNumber: 1,
  number: 1,
  title: 'Gram Panchayat Phulera',
  overview: 'Abhishek arrives in Phulera.',
  runtimeMinutes: 30,
  airDate: '2020-04-03',
  stillUrl: null,
  intro: { startSeconds: 5, endSeconds: 35 },
  mediaReady: true,
  mediaSeconds: 1800,
  ...overrides,
});

/** The series page's answer: the series with its one season and these episodes. */
export const fakeSeriesDetail = (series: Series, episodes: Episode[]): SeriesDetail => ({
  ...series,
  seasons: [{ number: 1, title: 'Season 1', overview: '', airDate: null, episodes }],
});

/** The title, the series and its first episode the specs share: Lagaan, and Panchayat with its pilot. */
export const lagaan = fakeMovie(movieId);
export const panchayat = fakeSeries(seriesId);
export const pilot = fakeEpisode(episodeId, seriesId);

/**
 * The playable answer for a series (episode null) or one of its episodes: the series' facts with kind 'series'.
 * The prices are the catalogue's placeholders: a series is never bought or rented.
 */
export const seriesPlayable = (series: Series, episode: Episode | null = null): Playable => ({
  id: episode?.id ?? series.id,
  title: episode ? `${series.title} · ${episodeLabel(episode)} · ${episode.title}` : series.title,
  posterUrl: series.posterUrl,
  genre: series.genre,
  rating: series.rating,
  classification: series.classification,
  descriptors: series.descriptors,
  facts: {
    movieId: series.id,
    title: series.title,
    access: series.access,
    purchasePriceInr: 1,
    rentalPriceInr: 1,
    kind: 'series',
  },
  episode: episode
    ? { seriesId: series.id, seasonNumber: episode.seasonNumber, episodeNumber: episode.number }
    : null,
});
