import {
  ErrorCode,
  MovieAccess,
  RecommendationPatterns,
  RecommendationReason,
  RecommendationSource,
  reasonText,
} from '@app/contracts';
import type { RecommendationList } from '@app/contracts';
import { AppError } from '@app/server-core';
import { ashaId, fakeTokens, movieId, raviId, seriesId } from './fakes';
import { FakeSessionsModule, type RpcCall, standIn, useGatewayWithFakes } from './gateway-harness';

// Recommendations at the gateway (issue 12, DECISIONS 12): whose list a caller may ask for, that a visitor gets
// the cold-start list (never another user's), and that bad input never reaches recommendation-service.

const unknownId = 'e'.repeat(24);

const calls: RpcCall[] = [];
const callsTo = (pattern: string) =>
  calls.filter((call) => call.pattern === pattern).map((call) => call.data);

const list = (reason: RecommendationReason, kind: 'movie' | 'series' = 'movie'): RecommendationList => ({
  source:
    reason === RecommendationReason.BecauseYouWatched
      ? RecommendationSource.Personal
      : RecommendationSource.Popular,
  items: [
    {
      movie_id: movieId,
      score: 0.8,
      reason,
      reasonText: reasonText(reason, { title: 'Se7en' }, 'Thriller'),
      basedOnMovieId: reason === RecommendationReason.Trending ? null : 'f'.repeat(24),
      title: 'Zodiac',
      posterUrl: '/images/w500/zodiac.svg',
      genre: 'Thriller',
      rating: 7.7,
      access: MovieAccess.Premium,
      releaseYear: 2007,
      kind,
    },
  ],
});

const FakeRecommendationsModule = standIn(
  {
    [RecommendationPatterns.recommend]: ({ userId }: { userId: string | null }) =>
      list(userId ? RecommendationReason.BecauseYouWatched : RecommendationReason.Trending),
    [RecommendationPatterns.trending]: () => list(RecommendationReason.Trending),
    [RecommendationPatterns.similar]: ({ movieId: id }: { movieId: string }) => {
      if (id === unknownId) throw new AppError(ErrorCode.NotFound, 'Movie not found');
      return list(RecommendationReason.Similar, id === seriesId ? 'series' : 'movie');
    },
  },
  calls,
);

describe('recommendations at the gateway', () => {
  const gateway = useGatewayWithFakes([FakeSessionsModule, FakeRecommendationsModule]);

  beforeEach(() => {
    calls.length = 0;
  });

  const send = (method: string, path: string, body?: unknown, token: string | null = fakeTokens.asha) =>
    gateway.call(method, path, { body, token });

  describe('POST /api/recommend', () => {
    it("answers the caller's own list, with SPEC's movie_id and a reason per item", async () => {
      const response = await send('POST', '/api/recommend', { user_id: ashaId, limit: 6, genre: 'Thriller' });
      expect(response.status).toBe(200);
      const body = (await response.json()) as RecommendationList;
      expect(body.source).toBe(RecommendationSource.Personal);
      expect(body.items[0]).toMatchObject({ movie_id: movieId, reasonText: 'Because you watched Se7en' });
      expect(callsTo(RecommendationPatterns.recommend)).toEqual([
        { userId: ashaId, limit: 6, genre: 'Thriller' },
      ]);
    });

    it('a signed-in caller who names no user gets their own list', async () => {
      expect((await send('POST', '/api/recommend', {})).status).toBe(200);
      expect(callsTo(RecommendationPatterns.recommend)).toEqual([{ userId: ashaId, limit: 12 }]);
    });

    it('a visitor gets the cold-start list, never a user id (DECISIONS 12: no "user id 1" fallback)', async () => {
      const response = await send('POST', '/api/recommend', {}, null);
      expect(response.status).toBe(200);
      expect(((await response.json()) as RecommendationList).source).toBe(RecommendationSource.Popular);
      expect(callsTo(RecommendationPatterns.recommend)).toEqual([{ userId: null, limit: 12 }]);
    });

    it("another user's id is 403 for a viewer and served for an admin", async () => {
      const other = await send('POST', '/api/recommend', { user_id: raviId });
      expect(other.status).toBe(403);
      expect(await other.json()).toMatchObject({ code: ErrorCode.Forbidden });
      expect(callsTo(RecommendationPatterns.recommend)).toEqual([]);
      expect((await send('POST', '/api/recommend', { user_id: raviId }, fakeTokens.admin)).status).toBe(200);
      expect(callsTo(RecommendationPatterns.recommend)).toEqual([{ userId: raviId, limit: 12 }]);
    });

    it('a user id without a token is 401, and a bad token is not read as a visitor', async () => {
      expect((await send('POST', '/api/recommend', { user_id: ashaId }, null)).status).toBe(401);
      expect((await send('POST', '/api/recommend', { user_id: ashaId }, 'forged')).status).toBe(401);
      expect(callsTo(RecommendationPatterns.recommend)).toEqual([]);
    });

    it.each([
      [{ user_id: '1' }, 'user_id'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 51 }, 'limit'],
      [{ genre: '' }, 'genre'],
      [{ userId: ashaId }, 'unknown key'],
      [{ limit: '6' }, 'limit as text'],
    ] as Array<[object, string]>)('%j (%s) is 400 and reaches no service', async (body) => {
      const response = await send('POST', '/api/recommend', body);
      expect(response.status).toBe(400);
      expect(callsTo(RecommendationPatterns.recommend)).toEqual([]);
    });
  });

  describe('GET /api/recommend/trending', () => {
    it('is public and passes the genre filter and the limit', async () => {
      const response = await send('GET', '/api/recommend/trending?genre=Drama&limit=6', undefined, null);
      expect(response.status).toBe(200);
      expect(((await response.json()) as RecommendationList).items[0].reasonText).toBe('Trending now');
      expect(callsTo(RecommendationPatterns.trending)).toEqual([{ genre: 'Drama', limit: 6 }]);
    });

    it('refuses a limit out of range', async () => {
      expect((await send('GET', '/api/recommend/trending?limit=500', undefined, null)).status).toBe(400);
      expect(calls).toEqual([]);
    });
  });

  describe('GET /api/movies/{id}/similar', () => {
    it('is public and answers "More like {title}"', async () => {
      const response = await send('GET', `/api/movies/${movieId}/similar?limit=4`, undefined, null);
      expect(response.status).toBe(200);
      expect(((await response.json()) as RecommendationList).items[0].reasonText).toBe('More like Se7en');
      expect(callsTo(RecommendationPatterns.similar)).toEqual([{ movieId, limit: 4 }]);
    });

    it('takes a series id too (issue 13: "More like this" after the last episode), items saying their kind', async () => {
      const response = await send('GET', `/api/movies/${seriesId}/similar`, undefined, null);
      expect(response.status).toBe(200);
      expect(((await response.json()) as RecommendationList).items[0]).toMatchObject({ kind: 'series' });
      expect(callsTo(RecommendationPatterns.similar)).toEqual([{ movieId: seriesId, limit: 12 }]);
    });

    it('an unknown title is 404; a malformed id is 400 without a call', async () => {
      expect((await send('GET', `/api/movies/${unknownId}/similar`, undefined, null)).status).toBe(404);
      expect((await send('GET', '/api/movies/not-an-id/similar', undefined, null)).status).toBe(400);
      expect(callsTo(RecommendationPatterns.similar)).toEqual([{ movieId: unknownId, limit: 12 }]);
    });
  });
});
