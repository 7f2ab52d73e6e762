import {
  type ContinueWatchingItem,
  DEFAULT_VIEWER_SETTINGS,
  type Favorite,
  type HistoryItem,
  type ViewerAnalytics,
  type ViewerSettings,
} from '@app/contracts';
import { type FakeApi, type FakeRoute, startFakeApi } from '@web/test/fake-api';

/** The signed-in user of `signInAs` (browse test kit). */
export const USER_ID = '65f0c0ffee00000000000001';

let sequence = 0;
const nextId = (prefix: string) => {
  sequence += 1;
  return `${prefix}${String(sequence).padStart(24 - prefix.length, '0')}`;
};

export const aFavorite = (overrides: Partial<Favorite> = {}): Favorite => {
  const movieId = overrides.movieId ?? nextId('65f0f0');
  return {
    id: movieId,
    movieId,
    title: `Favorite ${sequence}`,
    posterUrl: `/generated/${movieId}.svg`,
    genre: 'Drama',
    rating: 8.1,
    addedAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
};

export const aHistoryItem = (overrides: Partial<HistoryItem> = {}): HistoryItem => ({
  id: nextId('65f0aa'),
  movieId: nextId('65f0f0'),
  title: `Watched ${sequence}`,
  posterUrl: '/generated/watched.svg',
  genre: 'Drama',
  rating: 7.2,
  watchedAt: '2026-01-12T18:30:00.000Z',
  watchTime: 1530,
  positionSeconds: 1530,
  durationSeconds: 5400,
  progressPercent: 28.3,
  finished: false,
  ...overrides,
});

export const aContinueItem = (overrides: Partial<ContinueWatchingItem> = {}): ContinueWatchingItem => ({
  movieId: nextId('65f0f0'),
  title: `Resume ${sequence}`,
  posterUrl: '/generated/resume.svg',
  genre: 'Drama',
  rating: 7.2,
  positionSeconds: 2430,
  durationSeconds: 5400,
  progressPercent: 45,
  lastWatchedAt: '2026-03-01T20:00:00.000Z',
  ...overrides,
});

export const someAnalytics = (overrides: Partial<ViewerAnalytics> = {}): ViewerAnalytics => ({
  byGenre: [
    { genre: 'Drama', seconds: 7500 },
    { genre: 'Comedy', seconds: 2700 },
  ],
  monthly: [
    { month: '2025-10', hours: 0 },
    { month: '2025-11', hours: 1.5 },
    { month: '2025-12', hours: 0 },
    { month: '2026-01', hours: 0.8 },
    { month: '2026-02', hours: 0 },
    { month: '2026-03', hours: 0.5 },
  ],
  totalSeconds: 10_200,
  ...overrides,
});

export const noAnalytics = (): ViewerAnalytics =>
  someAnalytics({
    byGenre: [],
    monthly: someAnalytics().monthly.map(({ month }) => ({ month, hours: 0 })),
    totalSeconds: 0,
  });

/** What the fake gateway holds of the viewer, changed by the calls the way the real one is. */
export type ViewerData = {
  favorites: Favorite[];
  history: HistoryItem[];
  continueWatching: ContinueWatchingItem[];
  analytics: ViewerAnalytics;
  settings: ViewerSettings;
};

export const viewerData = (overrides: Partial<ViewerData> = {}): ViewerData => ({
  favorites: [],
  history: [],
  continueWatching: [],
  analytics: noAnalytics(),
  settings: DEFAULT_VIEWER_SETTINGS,
  ...overrides,
});

export const serverError = (message = 'Something went wrong') => ({
  status: 500,
  body: { code: 'INTERNAL', message, correlationId: 'c-1' },
});

/** The gateway's `/api/users/{id}/…` user-data routes over `data` (issue 11). */
export const userDataRoutes =
  (data: ViewerData, userId = USER_ID): FakeRoute =>
  (request, url, body) => {
    const base = `/api/users/${userId}`;
    const path = url.pathname;
    const method = request.method ?? 'GET';
    const last = path.split('/').at(-1) ?? '';
    if (path === `${base}/favorites` && method === 'GET') return { status: 200, body: data.favorites };
    if (path === `${base}/favorites` && method === 'POST') {
      const { movieId } = body as { movieId: string };
      const favorite = data.favorites.find((entry) => entry.movieId === movieId) ?? aFavorite({ movieId });
      data.favorites = [favorite, ...data.favorites.filter((entry) => entry.movieId !== movieId)];
      return { status: 201, body: favorite };
    }
    if (path.startsWith(`${base}/favorites/`) && method === 'DELETE') {
      data.favorites = data.favorites.filter((entry) => entry.movieId !== last);
      return { status: 204, body: undefined };
    }
    if (path === `${base}/watch-history` && method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 24);
      const slice = data.history.slice((page - 1) * pageSize, page * pageSize);
      return { status: 200, body: { data: slice, page, pageSize, total: data.history.length } };
    }
    if (path.startsWith(`${base}/watch-history/`) && method === 'DELETE') {
      data.history = data.history.filter((item) => item.id !== last);
      return { status: 204, body: undefined };
    }
    if (path === `${base}/continue-watching` && method === 'GET')
      return { status: 200, body: data.continueWatching };
    if (path.startsWith(`${base}/continue-watching/`) && method === 'DELETE') {
      data.continueWatching = data.continueWatching.filter((item) => item.movieId !== last);
      return { status: 204, body: undefined };
    }
    if (path === `${base}/analytics`) return { status: 200, body: data.analytics };
    if (path === `${base}/settings` && method === 'GET') return { status: 200, body: data.settings };
    if (path === `${base}/settings` && method === 'PUT') {
      data.settings = body as ViewerSettings;
      return { status: 200, body: data.settings };
    }
    return undefined;
  };

/**
 * A user-data spec's fake API, new for each test (signed out) and closed after it: a test's `first` route answers
 * before the viewer's own routes over `data`, which starts empty for each test.
 */
export const useUserDataApi = (first: FakeRoute) => {
  const fakes = { api: undefined as unknown as FakeApi, data: viewerData() };
  beforeEach(async () => {
    window.localStorage.clear();
    Object.assign(fakes.data, viewerData());
    fakes.api = await startFakeApi(
      (request, url, body) => first(request, url, body) ?? userDataRoutes(fakes.data)(request, url, body),
    );
  });
  afterEach(() => fakes.api.close());
  return fakes;
};
