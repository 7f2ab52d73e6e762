import type {
  AdminMovie,
  ApiError,
  Movie,
  MovieDetail,
  MovieRating,
  MovieSections,
  MovieWriteResult,
  Page,
  Review,
} from '@app/contracts';
import { adminSignIn, DEMO_VIEWER, signIn } from '../support/api';
import { baseUrl } from '../support/browser';

/** The catalogue's HTTP API through the gateway, against the whole system: authorization matrix and hostile input. */

type Answer = { status: number; body: unknown };

const call = async (
  method: string,
  path: string,
  { token, body, raw }: { token?: string; body?: unknown; raw?: string } = {},
): Promise<Answer> => {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
};

const form = {
  title: 'E2E Draft Title',
  description: 'Added by the API journey.',
  genre: 'Drama',
  rating: 7.4,
  posterUrl: 'https://images.example.in/e2e.jpg',
  classification: 'UA13',
  descriptors: ['language'],
};

describe('catalogue API through the gateway', () => {
  let admin: string;
  let viewer: string;
  let viewerId: string;
  let movieId: string;

  beforeAll(async () => {
    admin = await adminSignIn();
    ({
      token: viewer,
      user: { id: viewerId },
    } = await signIn(DEMO_VIEWER));
    const { data } = (await call('GET', '/api/movies?pageSize=1')).body as Page<Movie>;
    movieId = data[0].id;
  });

  /**
   * The admin list's count of titles a refused write would have stored (its form's title). Not the whole list:
   * journeys run two at a time, and another may add a title of its own meanwhile.
   */
  const adminTotal = async () =>
    (
      (
        await call('GET', `/api/admin/movies?pageSize=1&search=${encodeURIComponent(form.title)}`, {
          token: admin,
        })
      ).body as Page<AdminMovie>
    ).total;

  it('browses: pagination, search, sections, genres, details, rating', async () => {
    const page = (await call('GET', '/api/movies?page=2&pageSize=5&sort=title')).body as Page<Movie>;
    expect(page).toMatchObject({ page: 2, pageSize: 5 });
    expect(page.data).toHaveLength(5);
    const first = ((await call('GET', '/api/movies?page=1&pageSize=5&sort=title')).body as Page<Movie>).data;
    expect(first.map((m) => m.id)).not.toContain(page.data[0].id);
    const target = page.data[0];
    const search = (await call('GET', `/api/movies?search=${encodeURIComponent(target.title.toUpperCase())}`))
      .body as Page<Movie>;
    expect(search.data.map((m) => m.id)).toContain(target.id);
    const sections = (await call('GET', '/api/movies/sections')).body as MovieSections;
    expect(sections.topRated).toHaveLength(10);
    expect(sections.hero).not.toBeNull();
    expect(sections.free.every((m) => m.access === 'free' && (m.rating ?? 0) <= 7)).toBe(true);
    expect(((await call('GET', '/api/movies/genres')).body as string[]).length).toBeGreaterThan(0);
    const detail = (await call('GET', `/api/movies/${target.id}`)).body as MovieDetail;
    expect(detail).toMatchObject({ id: target.id, topReviews: expect.any(Array) });
    const rating = (await call('GET', `/api/movies/${target.id}/rating`)).body as MovieRating;
    expect(typeof rating.rating).toBe('string');
    const details = (
      await call('POST', '/api/movie-details', { body: { movieIds: [target.id, 'f'.repeat(24), movieId] } })
    ).body as Movie[];
    expect(details.map((m) => m.id)).toEqual([...new Set([target.id, movieId])]);
  });

  it('admin adds a draft, hidden from visitors until published, then first in Newly Launched; then deletes it', async () => {
    const created = await call('POST', '/api/movies', { token: admin, body: form });
    expect(created.status).toBe(201);
    const { data, message } = created.body as MovieWriteResult;
    expect(message).toBe('Movie added successfully');
    expect(data.status).toBe('draft');
    expect(await call('GET', `/api/movies/${data.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Movie not found' },
    });
    expect((await call('GET', `/api/movies/${data.id}`, { token: viewer })).status).toBe(404);
    expect((await call('GET', `/api/movies/${data.id}`, { token: admin })).status).toBe(200);
    const published = await call('PUT', `/api/movies/${data.id}/publish`, { token: admin });
    expect(published).toMatchObject({ status: 200, body: { data: { status: 'published' } } });
    expect(await call('PUT', `/api/movies/${data.id}/publish`, { token: admin })).toMatchObject({
      status: 409,
      body: { message: 'Only drafts can be published' },
    });
    // Among the newest (another journey may publish a title of its own at the same moment).
    expect(
      ((await call('GET', '/api/movies/sections')).body as MovieSections).newlyLaunched.map(
        (movie) => movie.id,
      ),
    ).toContain(data.id);
    const updated = await call('PUT', `/api/movies/${data.id}`, { token: admin, body: { rating: 8.2 } });
    expect(updated).toMatchObject({
      status: 200,
      body: { message: 'Movie updated successfully', data: { rating: 8.2 } },
    });
    expect((await call('DELETE', `/api/movies/${data.id}`, { token: admin })).status).toBe(204);
    expect((await call('GET', `/api/movies/${data.id}`)).status).toBe(404);
  });

  it('a user reviews a title once; an admin removes the review', async () => {
    const posted = await call('POST', `/api/movies/${movieId}/reviews`, {
      token: viewer,
      body: { rating: 8.5, content: 'Loved it.' },
    });
    expect(posted.status).toBe(201);
    const review = posted.body as Review;
    expect(review).toMatchObject({ movieId, rating: 8.5, content: 'Loved it.' });
    expect(
      await call('POST', `/api/movies/${movieId}/reviews`, {
        token: viewer,
        body: { rating: 3, content: 'Again' },
      }),
    ).toMatchObject({
      status: 409,
      body: { message: 'You have already reviewed this title' },
    });
    expect(
      ((await call('GET', `/api/movies/${movieId}/reviews`)).body as Review[]).map((r) => r.id),
    ).toContain(review.id);
    expect(
      (await call('DELETE', `/api/movies/${movieId}/reviews/${review.id}`, { token: viewer })).status,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/movies/${movieId}/reviews/${review.id}`, { token: admin })).status,
    ).toBe(204);
    expect(
      ((await call('GET', `/api/movies/${movieId}`)).body as MovieDetail).topReviews.map((r) => r.id),
    ).not.toContain(review.id);
  });

  describe('authorization matrix of every write (visitor 401, user 403, admin 2xx)', () => {
    const adminWrites = (): Array<[string, string, () => Promise<{ path: string; body?: unknown }>]> => [
      ['GET', '/api/admin/movies', async () => ({ path: '/api/admin/movies' })],
      ['POST', '/api/movies', async () => ({ path: '/api/movies', body: form })],
      [
        'PUT',
        '/api/movies/:id',
        async () => ({ path: `/api/movies/${await draft()}`, body: { description: 'Edited.' } }),
      ],
      ['PUT', '/api/movies/:id/publish', async () => ({ path: `/api/movies/${await draft()}/publish` })],
      ['DELETE', '/api/movies/:id', async () => ({ path: `/api/movies/${await draft()}` })],
    ];
    const draft = async () =>
      ((await call('POST', '/api/movies', { token: admin, body: form })).body as MovieWriteResult).data.id;

    it.each(adminWrites())('%s %s', async (method, _, target) => {
      const { path, body } = await target();
      expect(await call(method, path, { body })).toMatchObject({
        status: 401,
        body: { message: 'Authentication required' },
      });
      expect((await call(method, path, { body, token: 'forged.token.value' })).status).toBe(401);
      expect((await call(method, path, { body, token: viewer })).status).toBe(403);
      const allowed = await call(method, path, { body, token: admin });
      expect(allowed.status).toBeGreaterThanOrEqual(200);
      expect(allowed.status).toBeLessThan(300);
    });

    it('POST /api/movies/:id/reviews and DELETE …/reviews/:reviewId', async () => {
      const path = `/api/movies/${movieId}/reviews`;
      expect((await call('POST', path, { body: { rating: 5, content: 'x' } })).status).toBe(401);
      expect((await call('DELETE', `${path}/${'a'.repeat(24)}`)).status).toBe(401);
      expect((await call('DELETE', `${path}/${'a'.repeat(24)}`, { token: viewer })).status).toBe(403);
      expect((await call('DELETE', `${path}/${'a'.repeat(24)}`, { token: admin })).status).toBe(404);
    });
  });

  describe('hostile input is answered 4xx with a clear message and changes nothing', () => {
    const big = 'x'.repeat(200_000);
    const cases: Array<[string, string, { body?: unknown; raw?: string; as?: 'admin' | 'viewer' }]> = [
      ['GET', '/api/movies?page=0', {}],
      ['GET', '/api/movies?pageSize=1000', {}],
      ['GET', '/api/movies?search[$gt]=', {}],
      ['GET', '/api/movies?category=horror', {}],
      ['GET', '/api/movies?sort=random', {}],
      ['GET', '/api/movies?extra=1', {}],
      ['GET', '/api/movies/sections?genre[$ne]=x', {}],
      ['GET', '/api/movies/not-an-id', {}],
      ['GET', '/api/movies/not-an-id/rating', {}],
      ['GET', '/api/movies/not-an-id/reviews', {}],
      ['POST', '/api/movie-details', { body: { movieIds: 'abc' } }],
      ['POST', '/api/movie-details', { body: { movieIds: [{ $gt: '' }] } }],
      [
        'POST',
        '/api/movie-details',
        { body: { movieIds: Array.from({ length: 51 }, () => 'a'.repeat(24)) } },
      ],
      ['POST', '/api/movie-details', { body: { movieIds: [], extra: true } }],
      ['POST', '/api/movie-details', { raw: '{"movieIds": [' }],
      ['POST', '/api/movies', { as: 'admin', body: {} }],
      ['POST', '/api/movies', { as: 'admin', body: { ...form, title: { $gt: '' } } }],
      ['POST', '/api/movies', { as: 'admin', body: { ...form, genre: 'Western' } }],
      ['POST', '/api/movies', { as: 'admin', body: { ...form, rating: 7.45 } }],
      ['POST', '/api/movies', { as: 'admin', body: { ...form, rating: '7' } }],
      ['POST', '/api/movies', { as: 'admin', body: { ...form, posterUrl: 'not a url' } }],
      ['POST', '/api/movies', { as: 'admin', body: { ...form, status: 'archived' } }],
      ['POST', '/api/movies', { as: 'admin', body: { ...form, role: 'admin' } }],
      ['POST', '/api/movies', { as: 'admin', body: { ...form, description: big } }],
      ['PUT', '/api/movies/not-an-id', { as: 'admin', body: { rating: 5 } }],
      ['PUT', `/api/movies/${'f'.repeat(24)}`, { as: 'admin', body: { rating: 5 } }],
      ['PUT', `/api/movies/${'f'.repeat(24)}/publish`, { as: 'admin' }],
      ['DELETE', `/api/movies/${'f'.repeat(24)}`, { as: 'admin' }],
      ['GET', '/api/admin/movies?status=deleted', { as: 'admin' }],
      ['POST', `/api/movies/{id}/reviews`, { as: 'viewer', body: { rating: 11, content: 'x' } }],
      ['POST', `/api/movies/{id}/reviews`, { as: 'viewer', body: { rating: 5, content: { $gt: '' } } }],
      ['POST', `/api/movies/{id}/reviews`, { as: 'viewer', body: { rating: 5, content: '' } }],
      [
        'POST',
        `/api/movies/{id}/reviews`,
        { as: 'viewer', body: { rating: 5, content: 'x', userId: 'someone-else' } },
      ],
      ['DELETE', `/api/movies/{id}/reviews/not-an-id`, { as: 'admin' }],
    ];

    it.each(cases)('%s %s', async (method, rawPath, { body, raw, as }) => {
      const before = await adminTotal();
      const path = rawPath.replace('{id}', movieId);
      // The viewer's own reviews of the title: another journey may review or delete reviews of it meanwhile.
      const viewersReviews = async () =>
        ((await call('GET', `/api/movies/${movieId}/reviews`)).body as Review[]).filter(
          (review) => review.userId === viewerId,
        ).length;
      const reviewsBefore = await viewersReviews();
      const token = as === 'admin' ? admin : as === 'viewer' ? viewer : undefined;
      const { status, body: answer } = await call(method, path, { token, body, raw });
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect((answer as ApiError).message).toEqual(expect.any(String));
      expect((answer as ApiError).message.length).toBeGreaterThan(0);
      expect(await adminTotal()).toBe(before);
      expect(await viewersReviews()).toBe(reviewsBefore);
    });
  });
});
