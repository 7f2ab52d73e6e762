import { MovieAccess, MovieStatus, UserStatus } from '@app/contracts';
import type { Movie, SessionUser } from '@app/contracts';

// What the stand-in services of the gateway's tests answer: a signed-in caller and a catalogue title.

/** The caller auth-service would resolve a token to (verified: DECISIONS 33 lets it pay). */
export const fakeSession = (id: string, role: SessionUser['role'], username: string): SessionUser => ({
  id,
  username,
  email: `${username.toLowerCase()}@example.in`,
  role,
  status: UserStatus.Active,
  sessionId: `session-${username.toLowerCase()}`,
  emailVerified: true,
});

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
  ...overrides,
  topReviews: [],
});
