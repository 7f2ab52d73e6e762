import { Controller, INestApplication, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthPatterns,
  AuthMessages,
  DEFAULT_VIEWER_SETTINGS,
  ErrorCode,
  MovieAccess,
  MovieMessages,
  PaymentPatterns,
  PlaybackPreference,
  Role,
  SeriesMessages,
  SeriesPatterns,
  UserStatus,
  UserDataPatterns,
  UserDataRpc,
} from '@app/contracts';
import type { RpcEnvelope, SessionUser } from '@app/contracts';
import { AppError } from '@app/server-core';
import {
  adminId,
  ashaId,
  episodeId,
  fakeEpisode,
  fakeMovie,
  fakeSeries,
  fakeSession,
  movieId,
  moviePlayable,
  raviId,
  seriesId,
  seriesPlayable,
} from './fakes';
import { callGateway, startFakeService, startGateway } from './gateway-harness';

// Viewer data at the gateway (issue 11), against stand-ins of the services: who may reach which user's data
// (DECISIONS 16), that hostile input never reaches a service, that a favorite's snapshot is the catalogue's, and
// that the data export and account deletion ask the services that own each part.

const draftId = 'e'.repeat(24);
const draftSeriesId = '3'.repeat(24);
const itemId = 'f'.repeat(24);
const seriesProgress = {
  seriesId,
  episodes: [
    {
      episodeId,
      seasonNumber: 1,
      episodeNumber: 1,
      positionSeconds: 600,
      durationSeconds: 1800,
      progressPercent: 33.3,
      finished: false,
      lastWatchedAt: '2026-11-22T10:00:00.000Z',
    },
  ],
};
const issuedAt = Date.parse('2026-11-22T10:00:00.000Z') / 1000;
/** Tokens shaped like JWTs, so the gateway can read when the session was issued. */
const jwtLike = (name: string) =>
  `h.${Buffer.from(JSON.stringify({ sub: name, iat: issuedAt })).toString('base64url')}.s`;
const tokens = { asha: jwtLike('asha'), admin: jwtLike('admin') };

const session = (id: string, role: SessionUser['role']) =>
  fakeSession(id, role, role === Role.Admin ? 'Admin' : 'Asha');

const calls: Array<{ pattern: string; data: Record<string, unknown> }> = [];
const callsTo = (pattern: string) =>
  calls.filter((call) => call.pattern === pattern).map((call) => call.data);
const record = (pattern: string, { data }: RpcEnvelope<Record<string, unknown>>) => {
  calls.push({ pattern, data });
};

const favorite = {
  id: movieId,
  movieId,
  title: 'Lagaan',
  posterUrl: '/p.svg',
  genre: 'Drama',
  rating: 8.1,
  addedAt: '2026-11-22T10:00:00.000Z',
};
const analytics = {
  byGenre: [{ genre: 'Drama', seconds: 600 }],
  monthly: ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'].map((month) => ({
    month,
    hours: month === '2026-11' ? 0.2 : 0,
  })),
  totalSeconds: 600,
};
/** What the stand-in holds after any save: not the settings sent, so the answer is told apart from an echo. */
const storedSettings = {
  notifications: { newReleases: true, recommendations: false },
  playback: PlaybackPreference.AutoPlayNext,
};

@Controller()
class FakeServicesController {
  @MessagePattern(AuthPatterns.resolveSession)
  resolve(@Payload() { data }: RpcEnvelope<{ token: string }>) {
    if (data.token === tokens.asha) return session(ashaId, Role.User);
    if (data.token === tokens.admin) return session(adminId, Role.Admin);
    throw new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired);
  }

  /** Published titles only, as for a viewer: a draft series is the catalogue's 'Series not found'. */
  @MessagePattern(SeriesPatterns.playable)
  playable(@Payload() envelope: RpcEnvelope<{ id: string }>) {
    record(SeriesPatterns.playable, envelope);
    const series = fakeSeries(seriesId, { rating: null });
    switch (envelope.data.id) {
      case movieId:
        return moviePlayable(fakeMovie(movieId, { posterUrl: '/p.svg', access: MovieAccess.Free }));
      case seriesId:
        return seriesPlayable(series);
      case episodeId:
        return seriesPlayable(series, fakeEpisode(episodeId, seriesId));
      case draftSeriesId:
        throw new AppError(ErrorCode.NotFound, SeriesMessages.notFound);
      default:
        throw new AppError(ErrorCode.NotFound, MovieMessages.notFound);
    }
  }

  @MessagePattern(UserDataPatterns.seriesProgress)
  seriesProgress(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(UserDataPatterns.seriesProgress, envelope);
    return seriesProgress;
  }

  @MessagePattern(UserDataPatterns.listFavorites)
  favorites(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(UserDataPatterns.listFavorites, envelope);
    return [favorite];
  }

  @MessagePattern(UserDataPatterns.addFavorite)
  addFavorite(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(UserDataPatterns.addFavorite, envelope);
    return favorite;
  }

  @MessagePattern(UserDataPatterns.removeFavorite)
  removeFavorite(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(UserDataPatterns.removeFavorite, envelope);
    return { removed: true };
  }

  @MessagePattern(UserDataPatterns.listHistory)
  history(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(UserDataPatterns.listHistory, envelope);
    return { data: [], page: envelope.data.page, pageSize: envelope.data.pageSize, total: 0 };
  }

  @MessagePattern(UserDataPatterns.removeHistory)
  removeHistory(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(UserDataPatterns.removeHistory, envelope);
    return { removed: true };
  }

  @MessagePattern(UserDataPatterns.continueWatching)
  continueWatching(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(UserDataPatterns.continueWatching, envelope);
    return [];
  }

  @MessagePattern(UserDataPatterns.hideFromRow)
  hide(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(UserDataPatterns.hideFromRow, envelope);
    return { hidden: true };
  }

  @MessagePattern(UserDataPatterns.analytics)
  analytics(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(UserDataPatterns.analytics, envelope);
    return analytics;
  }

  @MessagePattern(UserDataPatterns.getSettings)
  settings(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(UserDataPatterns.getSettings, envelope);
    return DEFAULT_VIEWER_SETTINGS;
  }

  @MessagePattern(UserDataPatterns.saveSettings)
  saveSettings(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(UserDataPatterns.saveSettings, envelope);
    return storedSettings;
  }

  @MessagePattern(UserDataPatterns.exportData)
  exportData(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(UserDataPatterns.exportData, envelope);
    return {
      history: [],
      favorites: [favorite],
      settings: DEFAULT_VIEWER_SETTINGS,
      contactMessages: [],
      reminders: [],
    };
  }

  @MessagePattern(AuthPatterns.exportAccount)
  exportAccount(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(AuthPatterns.exportAccount, envelope);
    return {
      id: ashaId,
      username: 'Asha',
      email: 'asha@example.in',
      role: Role.User,
      status: UserStatus.Active,
      createdAt: '2026-01-01T00:00:00.000Z',
      profileImage: null,
      hasPassword: true,
      googleLinked: false,
      language: 'hi',
    };
  }

  @MessagePattern(PaymentPatterns.exportOf)
  exportPayments(@Payload() envelope: RpcEnvelope<Record<string, unknown>>) {
    record(PaymentPatterns.exportOf, envelope);
    return { subscriptions: [], orders: [], payments: [], titles: [] };
  }

  @MessagePattern(AuthPatterns.deleteOwnAccount)
  deleteOwn(@Payload() envelope: RpcEnvelope<{ password?: string }>) {
    record(AuthPatterns.deleteOwnAccount, envelope as RpcEnvelope<Record<string, unknown>>);
    if (envelope.data.password !== 'right password')
      throw new AppError(ErrorCode.Forbidden, 'Password is incorrect');
    return { removed: true };
  }
}

@Module({ controllers: [FakeServicesController] })
class FakeServicesModule {}

type Route = { method: string; path: (user: string) => string; body?: unknown; ownOnly?: boolean };

/** Every user-data route, with a valid body where it takes one. */
const ROUTES: Route[] = [
  { method: 'GET', path: (u) => `/api/users/${u}/favorites` },
  { method: 'POST', path: (u) => `/api/users/${u}/favorites`, body: { movieId } },
  { method: 'DELETE', path: (u) => `/api/users/${u}/favorites/${movieId}` },
  { method: 'GET', path: (u) => `/api/users/${u}/watch-history` },
  { method: 'DELETE', path: (u) => `/api/users/${u}/watch-history/${itemId}` },
  { method: 'GET', path: (u) => `/api/users/${u}/continue-watching` },
  { method: 'DELETE', path: (u) => `/api/users/${u}/continue-watching/${movieId}` },
  { method: 'GET', path: (u) => `/api/users/${u}/series/${seriesId}/progress` },
  { method: 'GET', path: (u) => `/api/users/${u}/analytics` },
  { method: 'GET', path: (u) => `/api/users/${u}/settings` },
  { method: 'PUT', path: (u) => `/api/users/${u}/settings`, body: DEFAULT_VIEWER_SETTINGS },
  { method: 'GET', path: (u) => `/api/users/${u}/export`, ownOnly: true },
  {
    method: 'POST',
    path: (u) => `/api/users/${u}/delete-account`,
    body: { password: 'right password' },
    ownOnly: true,
  },
];

describe('viewer data at the gateway', () => {
  let services: INestMicroservice;
  let gateway: INestApplication;
  let url: string;

  beforeAll(async () => {
    const fake = await startFakeService(FakeServicesModule);
    services = fake.app;
    ({ app: gateway, url } = await startGateway({}));
  });

  afterAll(async () => {
    await gateway?.close();
    await services?.close();
  });

  beforeEach(() => {
    calls.length = 0;
  });

  const send = (method: string, path: string, body?: unknown, token: string | null = tokens.asha) =>
    callGateway(url, method, path, { body, token });

  describe.each(ROUTES)('$method $path', ({ method, path, body, ownOnly }) => {
    const label = path(':id');
    it(`${label}: a visitor gets 401 and another user's id 403, without a call`, async () => {
      expect((await send(method, path(ashaId), body, null)).status).toBe(401);
      const other = await send(method, path(raviId), body);
      expect(other.status).toBe(403);
      expect(await other.json()).toMatchObject({ code: ErrorCode.Forbidden });
      expect(calls).toEqual([]);
    });

    it(`${label}: the user's own id is served`, async () => {
      expect((await send(method, path(ashaId), body)).status).toBeLessThan(300);
    });

    it(`${label}: an admin ${ownOnly ? 'cannot act for' : 'may reach'} another user's id`, async () => {
      const response = await send(method, path(raviId), body, tokens.admin);
      if (ownOnly) expect(response.status).toBe(403);
      else expect(response.status).toBeLessThan(300);
    });
  });

  it.each([
    ['a malformed user id', 'GET', '/api/users/not-an-id/favorites', undefined],
    ['an operator as user id', 'GET', '/api/users/%7B%22%24ne%22%3A1%7D/favorites', undefined],
    ['a malformed movie id', 'DELETE', `/api/users/${ashaId}/favorites/abc`, undefined],
    ['a malformed history item', 'DELETE', `/api/users/${ashaId}/watch-history/..%2F..`, undefined],
    ['a favorite without a movie', 'POST', `/api/users/${ashaId}/favorites`, {}],
    ['a favorite with an operator', 'POST', `/api/users/${ashaId}/favorites`, { movieId: { $ne: null } }],
    ['a favorite with extra fields', 'POST', `/api/users/${ashaId}/favorites`, { movieId, title: 'Fake' }],
    [
      'a favorite for someone else in the body',
      'POST',
      `/api/users/${ashaId}/favorites`,
      { movieId, userId: raviId },
    ],
    ['a malformed series id', 'GET', `/api/users/${ashaId}/series/not-a-series/progress`, undefined],
    [
      'an operator as series id',
      'GET',
      `/api/users/${ashaId}/series/%7B%22%24gt%22%3A%22%22%7D/progress`,
      undefined,
    ],
    ['a malformed user id for progress', 'GET', `/api/users/abc/series/${seriesId}/progress`, undefined],
    ['a page size over the limit', 'GET', `/api/users/${ashaId}/watch-history?pageSize=1000`, undefined],
    ['an unknown query key', 'GET', `/api/users/${ashaId}/watch-history?userId=${raviId}`, undefined],
    [
      'settings with an unknown playback choice',
      'PUT',
      `/api/users/${ashaId}/settings`,
      { ...DEFAULT_VIEWER_SETTINGS, playback: 'always' },
    ],
    [
      'settings with extra keys',
      'PUT',
      `/api/users/${ashaId}/settings`,
      { ...DEFAULT_VIEWER_SETTINGS, role: 'admin' },
    ],
    [
      'settings with a string for a checkbox',
      'PUT',
      `/api/users/${ashaId}/settings`,
      { ...DEFAULT_VIEWER_SETTINGS, notifications: { newReleases: 'yes', recommendations: true } },
    ],
    [
      'a deletion with a non-string password',
      'POST',
      `/api/users/${ashaId}/delete-account`,
      { password: { $gt: '' } },
    ],
    [
      'a deletion with extra fields',
      'POST',
      `/api/users/${ashaId}/delete-account`,
      { password: 'x', userId: raviId },
    ],
  ])('answers %s with 400 and calls no service', async (_, method, path, body) => {
    const response = await send(method, path, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(calls).toEqual([]);
  });

  it("adds a favorite with the catalogue's snapshot of the title, not the client's, in one look-up", async () => {
    const response = await send('POST', `/api/users/${ashaId}/favorites`, { movieId });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual(favorite);
    expect(calls.map((call) => call.pattern)).toEqual([
      SeriesPatterns.playable,
      UserDataPatterns.addFavorite,
    ]);
    expect(callsTo(SeriesPatterns.playable)).toEqual([{ id: movieId, asAdmin: false }]);
    expect(callsTo(UserDataPatterns.addFavorite)).toEqual([
      {
        userId: ashaId,
        movieId,
        snapshot: { title: 'Lagaan', posterUrl: '/p.svg', genre: 'Drama', rating: 8.1 },
        kind: 'movie',
      },
    ]);
  });

  it("adds a series to favorites with the series' snapshot when the id is not a movie (issue 13)", async () => {
    const response = await send('POST', `/api/users/${ashaId}/favorites`, { movieId: seriesId });
    expect(response.status).toBe(201);
    expect(callsTo(SeriesPatterns.playable)).toEqual([{ id: seriesId, asAdmin: false }]);
    expect(callsTo(UserDataPatterns.addFavorite)).toEqual([
      {
        userId: ashaId,
        movieId: seriesId,
        snapshot: {
          title: 'Panchayat',
          posterUrl: '/images/w500/panchayat.svg',
          genre: 'Comedy',
          rating: null,
        },
        kind: 'series',
      },
    ]);
  });

  it.each([
    ['a draft or unknown movie', draftId],
    ['a draft series', draftSeriesId],
    ['an episode (My List holds movies and series)', episodeId],
  ])("answers %s with the movie's 404, storing nothing", async (_, id) => {
    const response = await send('POST', `/api/users/${ashaId}/favorites`, { movieId: id });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      code: ErrorCode.NotFound,
      message: MovieMessages.notFound,
    });
    expect(callsTo(SeriesPatterns.playable)).toEqual([{ id, asAdmin: false }]);
    expect(callsTo(UserDataPatterns.addFavorite)).toEqual([]);
  });

  it("answers a viewer's progress through a series from user-data, for the path's user", async () => {
    const response = await send(
      'GET',
      `/api/users/${raviId}/series/${seriesId}/progress`,
      undefined,
      tokens.admin,
    );
    expect(response.status).toBe(200);
    expect(UserDataRpc.seriesProgress.reply.parse(await response.json())).toEqual(seriesProgress);
    expect(callsTo(UserDataPatterns.seriesProgress)).toEqual([{ userId: raviId, seriesId }]);
  });

  it('passes paging to the history and answers removals with 204', async () => {
    const page = await send('GET', `/api/users/${ashaId}/watch-history?page=2&pageSize=10`);
    expect(await page.json()).toEqual({ data: [], page: 2, pageSize: 10, total: 0 });
    expect(callsTo(UserDataPatterns.listHistory)).toEqual([{ userId: ashaId, page: 2, pageSize: 10 }]);

    expect((await send('DELETE', `/api/users/${ashaId}/watch-history/${itemId}`)).status).toBe(204);
    expect(callsTo(UserDataPatterns.removeHistory)).toEqual([{ userId: ashaId, itemId }]);
    expect((await send('DELETE', `/api/users/${ashaId}/continue-watching/${movieId}`)).status).toBe(204);
    expect(callsTo(UserDataPatterns.hideFromRow)).toEqual([{ userId: ashaId, movieId }]);
  });

  it('answers analytics and settings in their contract shapes', async () => {
    const stats = await (await send('GET', `/api/users/${ashaId}/analytics`)).json();
    expect(UserDataRpc.analytics.reply.parse(stats)).toEqual(analytics);
    const sent = { notifications: { newReleases: false, recommendations: true }, playback: 'ask-next' };
    const response = await send('PUT', `/api/users/${ashaId}/settings`, sent);
    expect(callsTo(UserDataPatterns.saveSettings)).toEqual([{ userId: ashaId, settings: sent }]);
    // The answer is what user-data stored, not the request played back.
    expect(await response.json()).toEqual(storedSettings);
    const read = await send('GET', `/api/users/${ashaId}/settings`);
    expect(await read.json()).toEqual(DEFAULT_VIEWER_SETTINGS);
  });

  it("assembles the data file from each owner's part, as a download", async () => {
    const response = await send('GET', `/api/users/${ashaId}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.json"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const file = (await response.json()) as Record<string, unknown>;
    expect(file).toMatchObject({
      // Issue 26: the account's language is its holder's data too.
      profile: { id: ashaId, email: 'asha@example.in', language: 'hi' },
      viewerData: { favorites: [favorite], settings: DEFAULT_VIEWER_SETTINGS },
      payments: { subscriptions: [], orders: [], payments: [], titles: [] },
    });
    expect(new Date(file.exportedAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    for (const pattern of [AuthPatterns.exportAccount, PaymentPatterns.exportOf])
      expect(callsTo(pattern)).toEqual([{ userId: ashaId }]);
    // Her verified email names her contact messages (DECISIONS 32).
    expect(callsTo(UserDataPatterns.exportData)).toEqual([
      { userId: ashaId, verifiedEmail: 'asha@example.in' },
    ]);
  });

  it('asks auth-service to delete the account with the password and when the session was issued', async () => {
    const wrong = await send('POST', `/api/users/${ashaId}/delete-account`, { password: 'wrong' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ message: 'Password is incorrect' });

    const right = await send('POST', `/api/users/${ashaId}/delete-account`, { password: 'right password' });
    expect(right.status).toBe(204);
    expect(callsTo(AuthPatterns.deleteOwnAccount)).toEqual([
      { userId: ashaId, password: 'wrong', sessionIssuedAt: '2026-11-22T10:00:00.000Z' },
      { userId: ashaId, password: 'right password', sessionIssuedAt: '2026-11-22T10:00:00.000Z' },
    ]);
  });
});
