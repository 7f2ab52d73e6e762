import type { RecommendationItem, RecommendationList, RecommendationSource } from '@app/contracts';
import type { FakeRoute } from '@web/test/fake-api';

let sequence = 0;

export const aRecommendation = (overrides: Partial<RecommendationItem> = {}): RecommendationItem => {
  sequence += 1;
  return {
    movie_id: `65f0dd${String(sequence).padStart(18, '0')}`,
    score: 1 / sequence,
    reason: 'because-you-watched',
    reasonText: 'Because you watched Sholay',
    basedOnMovieId: '65f0ddffffffffffffffffff',
    title: `Picked ${sequence}`,
    posterUrl: `/generated/picked-${sequence}.svg`,
    genre: 'Drama',
    rating: 7.8,
    access: 'free',
    releaseYear: 2001,
    kind: 'movie',
    ...overrides,
  };
};

export const aList = (
  items: RecommendationItem[],
  source: RecommendationSource = 'personal',
): RecommendationList => ({ items, source });

export type RecommendBody = { user_id?: string; limit?: number; genre?: string };

/** What the fake gateway answers; a function sees the request (body or query) and may answer an error. */
export type Answer<Input> = (input: Input) => { status: number; body: unknown };
const ok = (body: RecommendationList) => ({ status: 200, body });

export type RecommendationServer = {
  recommend?: Answer<RecommendBody>;
  trending?: Answer<URLSearchParams>;
  similar?: Answer<{ movieId: string; query: URLSearchParams }>;
};

/** The gateway's recommendation routes (issue 12): `POST /api/recommend`, trending, similar. */
export const recommendationRoutes =
  ({
    recommend = () => ok(aList([], 'popular')),
    trending = () => ok(aList([], 'popular')),
    similar = () => ok(aList([], 'popular')),
  }: RecommendationServer): FakeRoute =>
  (request, url, body) => {
    if (url.pathname === '/api/recommend' && request.method === 'POST')
      return recommend((body ?? {}) as RecommendBody);
    if (url.pathname === '/api/recommend/trending') return trending(url.searchParams);
    const similarTo = /^\/api\/movies\/([^/]+)\/similar$/.exec(url.pathname);
    if (similarTo) return similar({ movieId: similarTo[1], query: url.searchParams });
    return undefined;
  };

export const answer = ok;

export const serverError = { status: 500, body: { code: 'INTERNAL', message: 'Boom', correlationId: 'c-1' } };
export const notFound = {
  status: 404,
  body: { code: 'NOT_FOUND', message: 'Movie not found', correlationId: 'c-2' },
};
