import {
  ClassificationMessages,
  ErrorCode,
  MovieStatus,
  SeriesMessages,
  SeriesPatterns,
  SeriesRpc,
} from '@app/contracts';
import { AppError } from '@app/server-core';
import {
  draftEpisodeId,
  draftSeriesId,
  episodeId,
  fakeEpisode,
  fakeSeries,
  fakeSeriesDetail,
  fakeTokens,
  panchayat,
  pilot,
  seriesId,
} from './fakes';
import { FakeSessionsModule, type RpcCall, standIn, useGatewayWithFakes } from './gateway-harness';

// TV shows at the gateway (issue 13), against a stand-in catalogue on the real transport: the public series and
// episode reads (drafts for admins only), every admin write behind the admin role, the `{ data, message }`
// envelopes, and hostile input refused before the catalogue is asked.

/** The catalogue refuses writes to this series: its season 1 and episode 1 exist already. */
const fullSeriesId = '5'.repeat(24);

const draft = fakeSeries(draftSeriesId, { title: 'Unaired', status: MovieStatus.Draft });
const second = fakeEpisode('6'.repeat(24), seriesId, { number: 2, title: 'The Chair' });
const detail = fakeSeriesDetail(panchayat, [pilot, second]);

const calls: RpcCall[] = [];
const callsTo = (pattern: string) =>
  calls.filter((call) => call.pattern === pattern).map((call) => call.data);
type Page = { page: number; pageSize: number };

const FakeCatalogueModule = standIn(
  {
    [SeriesPatterns.list]: ({ page, pageSize }: Page) => ({ data: [panchayat], page, pageSize, total: 1 }),
    [SeriesPatterns.genres]: () => ['Comedy', 'Drama'],
    [SeriesPatterns.get]: ({ id, asAdmin }: { id: string; asAdmin: boolean }) => {
      if (id === seriesId) return detail;
      if (id === draftSeriesId && asAdmin) return fakeSeriesDetail(draft, []);
      throw new AppError(ErrorCode.NotFound, SeriesMessages.notFound);
    },
    [SeriesPatterns.episode]: ({ id, asAdmin }: { id: string; asAdmin: boolean }) => {
      if (id === episodeId) return { episode: pilot, series: panchayat, next: second };
      if (id === draftEpisodeId && asAdmin)
        return {
          episode: { ...pilot, id: draftEpisodeId, seriesId: draftSeriesId },
          series: draft,
          next: null,
        };
      throw new AppError(ErrorCode.NotFound, SeriesMessages.episodeNotFound);
    },
    [SeriesPatterns.adminList]: ({ page, pageSize }: Page) => ({
      data: [panchayat, draft],
      page,
      pageSize,
      total: 2,
    }),
    [SeriesPatterns.create]: ({ title }: { title: string }) => ({ ...draft, title }),
    [SeriesPatterns.update]: ({ changes }: { changes: { title?: string } }) => ({ ...panchayat, ...changes }),
    [SeriesPatterns.publish]: ({ id }: { id: string }) => {
      if (id !== draftSeriesId) throw new AppError(ErrorCode.Conflict, SeriesMessages.onlyDraftsPublish);
      return { ...draft, status: MovieStatus.Published };
    },
    [SeriesPatterns.remove]: ({ id }: { id: string }) => ({ id }),
    [SeriesPatterns.addSeason]: (data: { seriesId: string }) => {
      if (data.seriesId === fullSeriesId) throw new AppError(ErrorCode.Conflict, SeriesMessages.seasonExists);
      return detail;
    },
    [SeriesPatterns.updateSeason]: () => detail,
    [SeriesPatterns.removeSeason]: ({ seasonNumber }: { seasonNumber: number }) => {
      if (seasonNumber !== 1) throw new AppError(ErrorCode.NotFound, SeriesMessages.seasonNotFound);
      return { ...detail, seasons: [] };
    },
    [SeriesPatterns.addEpisode]: (data: { seriesId: string; seasonNumber: number; episode: object }) => {
      if (data.seriesId === fullSeriesId)
        throw new AppError(ErrorCode.Conflict, SeriesMessages.episodeExists);
      return { ...pilot, ...data.episode, seasonNumber: data.seasonNumber };
    },
    [SeriesPatterns.updateEpisode]: ({ changes }: { changes: object }) => ({ ...pilot, ...changes }),
    [SeriesPatterns.removeEpisode]: ({ id }: { id: string }) => ({ id }),
  },
  calls,
);

const seriesInput = {
  title: 'Kota Factory',
  description: 'Students prepare for the IIT entrance exam in Kota.',
  genre: 'Drama',
  rating: 9,
  posterUrl: 'https://example.com/kota.jpg',
  access: 'premium',
  creators: ['Saurabh Khanna'],
  classification: 'UA13',
  descriptors: ['language'],
};
const episodeInput = {
  number: 3,
  title: 'Inventory',
  runtimeMinutes: 35,
  intro: { startSeconds: 10, endSeconds: 70 },
};

type AdminRoute = [method: string, path: string, body: unknown, ok: number, pattern: string];

/** Every admin series route with a valid request, the status it answers and the RPC it makes. */
const ADMIN_ROUTES: AdminRoute[] = [
  ['GET', '/api/admin/series?status=draft', undefined, 200, SeriesPatterns.adminList],
  ['POST', '/api/admin/series', seriesInput, 201, SeriesPatterns.create],
  ['PUT', `/api/admin/series/${seriesId}`, { title: 'Panchayat (2020)' }, 200, SeriesPatterns.update],
  ['POST', `/api/admin/series/${draftSeriesId}/publish`, undefined, 200, SeriesPatterns.publish],
  ['DELETE', `/api/admin/series/${seriesId}`, undefined, 200, SeriesPatterns.remove],
  ['POST', `/api/admin/series/${seriesId}/seasons`, { number: 2 }, 201, SeriesPatterns.addSeason],
  ['PUT', `/api/admin/series/${seriesId}/seasons/1`, { title: 'Phulera' }, 200, SeriesPatterns.updateSeason],
  ['DELETE', `/api/admin/series/${seriesId}/seasons/1`, undefined, 200, SeriesPatterns.removeSeason],
  ['POST', `/api/admin/series/${seriesId}/seasons/1/episodes`, episodeInput, 201, SeriesPatterns.addEpisode],
  ['PUT', `/api/admin/episodes/${episodeId}`, { intro: null }, 200, SeriesPatterns.updateEpisode],
  ['DELETE', `/api/admin/episodes/${episodeId}`, undefined, 200, SeriesPatterns.removeEpisode],
];

describe('TV shows at the gateway', () => {
  const gateway = useGatewayWithFakes([FakeSessionsModule, FakeCatalogueModule]);

  beforeEach(() => {
    calls.length = 0;
  });

  const send = (method: string, path: string, body?: unknown, token: string | null = null) =>
    gateway.call(method, path, { body, token });

  describe('public reads', () => {
    it('lists published series with the query parsed and paging defaulted', async () => {
      const response = await send('GET', '/api/series?search=%20phulera%20&genre=Comedy&sort=top-rated');
      expect(response.status).toBe(200);
      expect(SeriesRpc.list.reply.parse(await response.json())).toEqual({
        data: [panchayat],
        page: 1,
        pageSize: 24,
        total: 1,
      });
      expect(callsTo(SeriesPatterns.list)).toEqual([
        { search: 'phulera', genre: 'Comedy', sort: 'top-rated', page: 1, pageSize: 24 },
      ]);
    });

    it('answers the genres of the series', async () => {
      const response = await send('GET', '/api/series/genres');
      expect(await response.json()).toEqual(['Comedy', 'Drama']);
      expect(callsTo(SeriesPatterns.genres)).toEqual([{}]);
    });

    it('answers a series page and an episode, asking as a viewer for visitors and users', async () => {
      for (const token of [null, fakeTokens.asha]) {
        const page = await send('GET', `/api/series/${seriesId}`, undefined, token);
        expect(page.status).toBe(200);
        expect(await page.json()).toEqual(detail);
        const episode = await send('GET', `/api/episodes/${episodeId}`, undefined, token);
        expect(await episode.json()).toEqual({ episode: pilot, series: panchayat, next: second });
      }
      expect(callsTo(SeriesPatterns.get)).toEqual([
        { id: seriesId, asAdmin: false },
        { id: seriesId, asAdmin: false },
      ]);
      expect(callsTo(SeriesPatterns.episode)).toEqual([
        { id: episodeId, asAdmin: false },
        { id: episodeId, asAdmin: false },
      ]);
    });

    it('hides a draft series and its episodes from visitors and users (404), and shows them to admins', async () => {
      for (const token of [null, fakeTokens.asha]) {
        const page = await send('GET', `/api/series/${draftSeriesId}`, undefined, token);
        expect(page.status).toBe(404);
        expect(await page.json()).toMatchObject({
          code: ErrorCode.NotFound,
          message: SeriesMessages.notFound,
        });
        const episode = await send('GET', `/api/episodes/${draftEpisodeId}`, undefined, token);
        expect(episode.status).toBe(404);
        expect(await episode.json()).toMatchObject({ message: SeriesMessages.episodeNotFound });
      }
      expect((await send('GET', `/api/series/${draftSeriesId}`, undefined, fakeTokens.admin)).status).toBe(
        200,
      );
      expect((await send('GET', `/api/episodes/${draftEpisodeId}`, undefined, fakeTokens.admin)).status).toBe(
        200,
      );
      expect(callsTo(SeriesPatterns.get).at(-1)).toEqual({ id: draftSeriesId, asAdmin: true });
      expect(callsTo(SeriesPatterns.episode).at(-1)).toEqual({ id: draftEpisodeId, asAdmin: true });
    });

    it.each([
      ['a malformed series id', '/api/series/not-an-id', 'Invalid series ID'],
      ['an upper-case series id', `/api/series/${'A'.repeat(24)}`, 'Invalid series ID'],
      ['an operator as series id', '/api/series/%7B%22%24ne%22%3Anull%7D', 'Invalid series ID'],
      ['a malformed episode id', `/api/episodes/${'1'.repeat(23)}`, 'Invalid episode ID'],
      ['an unknown query key', '/api/series?status=draft', 'status'],
      ['a page size over the limit', '/api/series?pageSize=1000', 'pageSize'],
      ['a page that is not a number', '/api/series?page=abc', 'page'],
      ['an unknown sort', '/api/series?sort=random', 'sort'],
      ['an unknown access', '/api/series?access=vip', 'access'],
      ['a search sent twice', '/api/series?search=a&search=b', 'search'],
      ['an operator in the query', '/api/series?genre[$ne]=Drama', 'genre'],
    ])('refuses %s with 400, asking no service', async (_case, path, mentions) => {
      const response = await send('GET', path);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe(ErrorCode.ValidationFailed);
      expect(body.message).toContain(mentions);
      expect(calls).toEqual([]);
    });
  });

  describe('admin routes', () => {
    it.each(ADMIN_ROUTES)(
      '%s %s: a visitor 401 and a user 403 without a call; an admin %i',
      async (method, path, body, ok, pattern) => {
        expect((await send(method, path, body, null)).status).toBe(401);
        const user = await send(method, path, body, fakeTokens.asha);
        expect(user.status).toBe(403);
        expect(await user.json()).toMatchObject({ code: ErrorCode.Forbidden });
        expect(calls).toEqual([]);

        expect((await send(method, path, body, fakeTokens.admin)).status).toBe(ok);
        expect(calls.map((call) => call.pattern)).toEqual([pattern]);
      },
    );

    it("wraps series writes in { data, message } with the catalogue's texts", async () => {
      const created = await send('POST', '/api/admin/series', seriesInput, fakeTokens.admin);
      expect(await created.json()).toEqual({
        data: { ...draft, title: 'Kota Factory' },
        message: SeriesMessages.added,
      });
      expect(callsTo(SeriesPatterns.create)).toEqual([seriesInput]);

      const updated = await send(
        'PUT',
        `/api/admin/series/${seriesId}`,
        { access: 'free' },
        fakeTokens.admin,
      );
      expect(await updated.json()).toEqual({
        data: { ...panchayat, access: 'free' },
        message: SeriesMessages.updated,
      });
      expect(callsTo(SeriesPatterns.update)).toEqual([{ id: seriesId, changes: { access: 'free' } }]);

      const published = await send(
        'POST',
        `/api/admin/series/${draftSeriesId}/publish`,
        undefined,
        fakeTokens.admin,
      );
      expect(await published.json()).toEqual({ data: { ...draft, status: MovieStatus.Published } });

      const removed = await send('DELETE', `/api/admin/series/${seriesId}`, undefined, fakeTokens.admin);
      expect(await removed.json()).toEqual({ id: seriesId });
    });

    it('passes seasons and episodes with their series and season numbers, and wraps the answers', async () => {
      const season = await send(
        'POST',
        `/api/admin/series/${seriesId}/seasons`,
        { number: 2, title: 'Season Two', airDate: '2022-05-18' },
        fakeTokens.admin,
      );
      expect(await season.json()).toEqual({ data: detail, message: SeriesMessages.seasonAdded });
      expect(callsTo(SeriesPatterns.addSeason)).toEqual([
        { seriesId, season: { number: 2, title: 'Season Two', airDate: '2022-05-18' } },
      ]);

      await send(
        'PUT',
        `/api/admin/series/${seriesId}/seasons/2`,
        { overview: 'Back in Phulera' },
        fakeTokens.admin,
      );
      expect(callsTo(SeriesPatterns.updateSeason)).toEqual([
        { seriesId, seasonNumber: 2, changes: { overview: 'Back in Phulera' } },
      ]);

      const removedSeason = await send(
        'DELETE',
        `/api/admin/series/${seriesId}/seasons/1`,
        undefined,
        fakeTokens.admin,
      );
      expect(await removedSeason.json()).toEqual({ data: { ...detail, seasons: [] } });
      expect(callsTo(SeriesPatterns.removeSeason)).toEqual([{ seriesId, seasonNumber: 1 }]);

      const episode = await send(
        'POST',
        `/api/admin/series/${seriesId}/seasons/2/episodes`,
        episodeInput,
        fakeTokens.admin,
      );
      expect(episode.status).toBe(201);
      expect(await episode.json()).toEqual({
        data: { ...pilot, ...episodeInput, seasonNumber: 2 },
        message: SeriesMessages.episodeAdded,
      });
      expect(callsTo(SeriesPatterns.addEpisode)).toEqual([
        { seriesId, seasonNumber: 2, episode: episodeInput },
      ]);

      const edited = await send('PUT', `/api/admin/episodes/${episodeId}`, { intro: null }, fakeTokens.admin);
      expect(await edited.json()).toEqual({ data: { ...pilot, intro: null } });
      expect(callsTo(SeriesPatterns.updateEpisode)).toEqual([{ id: episodeId, changes: { intro: null } }]);

      const removed = await send('DELETE', `/api/admin/episodes/${episodeId}`, undefined, fakeTokens.admin);
      expect(await removed.json()).toEqual({ id: episodeId });
    });

    it("answers the catalogue's refusals with their statuses and texts", async () => {
      const cases: Array<[string, string, unknown, number, string]> = [
        [
          'POST',
          `/api/admin/series/${fullSeriesId}/seasons`,
          { number: 1 },
          409,
          SeriesMessages.seasonExists,
        ],
        [
          'POST',
          `/api/admin/series/${fullSeriesId}/seasons/1/episodes`,
          { number: 1, title: 'Again' },
          409,
          SeriesMessages.episodeExists,
        ],
        ['POST', `/api/admin/series/${seriesId}/publish`, undefined, 409, SeriesMessages.onlyDraftsPublish],
        ['DELETE', `/api/admin/series/${seriesId}/seasons/9`, undefined, 404, SeriesMessages.seasonNotFound],
      ];
      for (const [method, path, body, status, message] of cases) {
        const response = await send(method, path, body, fakeTokens.admin);
        expect([path, response.status]).toEqual([path, status]);
        expect(await response.json()).toMatchObject({ message });
      }
    });

    const episodePath = `/api/admin/series/${seriesId}/seasons/1/episodes`;
    it.each([
      // [case, method, path, body]
      ['a malformed series id', 'PUT', '/api/admin/series/not-an-id', { title: 'x' }],
      ['an operator as series id', 'DELETE', '/api/admin/series/%7B%22%24gt%22%3A%22%22%7D', undefined],
      ['a malformed episode id', 'DELETE', '/api/admin/episodes/..%2F..%2Fetc', undefined],
      ['season 0', 'PUT', `/api/admin/series/${seriesId}/seasons/0`, { title: 'x' }],
      ['a fractional season', 'DELETE', `/api/admin/series/${seriesId}/seasons/1.5`, undefined],
      [
        'a season that is not a number',
        'POST',
        `/api/admin/series/${seriesId}/seasons/one/episodes`,
        episodeInput,
      ],
      ['a season over the limit', 'DELETE', `/api/admin/series/${seriesId}/seasons/101`, undefined],
      ['an unknown admin-list key', 'GET', '/api/admin/series?demo=true', undefined],
      ['an unknown status filter', 'GET', '/api/admin/series?status=archived', undefined],
      ['a series with fields of its own', 'POST', '/api/admin/series', { ...seriesInput, demo: true }],
      ['a series with a client id', 'POST', '/api/admin/series', { ...seriesInput, id: seriesId }],
      ['a series without a title', 'POST', '/api/admin/series', { ...seriesInput, title: undefined }],
      ['a title as an operator', 'POST', '/api/admin/series', { ...seriesInput, title: { $gt: '' } }],
      ['a rating as text (no coercion)', 'POST', '/api/admin/series', { ...seriesInput, rating: '9' }],
      ['a rating off the 0.1 steps', 'POST', '/api/admin/series', { ...seriesInput, rating: 8.25 }],
      ['an unknown genre', 'POST', '/api/admin/series', { ...seriesInput, genre: 'Telenovela' }],
      [
        'a script URL for the poster',
        'POST',
        '/api/admin/series',
        { ...seriesInput, posterUrl: 'javascript:alert(1)' },
      ],
      ['an array for the body', 'POST', '/api/admin/series', [seriesInput]],
      ['a status that is no status', 'PUT', `/api/admin/series/${seriesId}`, { status: 'archived' }],
      ['a series update with an id', 'PUT', `/api/admin/series/${seriesId}`, { id: draftSeriesId }],
      ['a season number as text', 'POST', `/api/admin/series/${seriesId}/seasons`, { number: '2' }],
      ['a season number of 0', 'POST', `/api/admin/series/${seriesId}/seasons`, { number: 0 }],
      ['a season without a number', 'POST', `/api/admin/series/${seriesId}/seasons`, { title: 'x' }],
      ['a season update renumbering it', 'PUT', `/api/admin/series/${seriesId}/seasons/1`, { number: 3 }],
      ['a malformed air date', 'PUT', `/api/admin/series/${seriesId}/seasons/1`, { airDate: '18/05/2022' }],
      ['an episode number as text', 'POST', episodePath, { ...episodeInput, number: '3' }],
      ['a fractional episode number', 'POST', episodePath, { ...episodeInput, number: 3.5 }],
      ['an episode number over the limit', 'POST', episodePath, { ...episodeInput, number: 501 }],
      ['a runtime as text', 'POST', episodePath, { ...episodeInput, runtimeMinutes: '35' }],
      [
        'an episode with a series of its own',
        'POST',
        episodePath,
        { ...episodeInput, seriesId: draftSeriesId },
      ],
      [
        'an intro that ends before it starts',
        'POST',
        episodePath,
        { ...episodeInput, intro: { startSeconds: 70, endSeconds: 10 } },
      ],
      [
        'an intro longer than an intro',
        'POST',
        episodePath,
        { ...episodeInput, intro: { startSeconds: 0, endSeconds: 3600 } },
      ],
      [
        'intro markers as text',
        'PUT',
        `/api/admin/episodes/${episodeId}`,
        { intro: { startSeconds: '0', endSeconds: '60' } },
      ],
      [
        'intro markers with a key of their own',
        'PUT',
        `/api/admin/episodes/${episodeId}`,
        { intro: { startSeconds: 0, endSeconds: 60, skip: true } },
      ],
      ['an episode moved by its body', 'PUT', `/api/admin/episodes/${episodeId}`, { seasonNumber: 2 }],
      ['an episode number as an operator', 'PUT', `/api/admin/episodes/${episodeId}`, { number: { $gt: 0 } }],
    ])('refuses %s with 400, asking no service', async (_case, method, path, body) => {
      const response = await send(method, path, body, fakeTokens.admin);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: ErrorCode.ValidationFailed });
      expect(calls).toEqual([]);
    });

    it('answers an intro in the wrong order with its own text', async () => {
      const response = await send(
        'POST',
        episodePath,
        { ...episodeInput, intro: { startSeconds: 70, endSeconds: 10 } },
        fakeTokens.admin,
      );
      expect(((await response.json()) as { message: string }).message).toContain(SeriesMessages.introOrder);
    });

    // Issue 25: every title carries a class (IT Rules 2021); the forms cannot leave it out.
    const movieInput = {
      title: 'Lagaan',
      description: 'Cricket.',
      genre: 'Drama',
      rating: 8.1,
      posterUrl: 'https://example.com/lagaan.jpg',
      descriptors: [],
    };
    it.each([
      [
        'a series without a classification',
        '/api/admin/series',
        { ...seriesInput, classification: undefined },
      ],
      ['a movie without a classification', '/api/movies', movieInput],
      ['a movie with a null classification', '/api/movies', { ...movieInput, classification: null }],
    ])('refuses %s with 400 saying a classification is required', async (_case, path, body) => {
      const response = await send('POST', path, body, fakeTokens.admin);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: ErrorCode.ValidationFailed,
        message: `Invalid body: classification ${ClassificationMessages.required}`,
        correlationId: expect.any(String) as string,
        details: [{ path: 'classification', message: ClassificationMessages.required }],
      });
      expect(calls).toEqual([]);
    });

    it('refuses a class that is not one of the five (an MPAA rating) with 400 naming them', async () => {
      const response = await send(
        'POST',
        '/api/admin/series',
        { ...seriesInput, classification: 'PG-13' },
        fakeTokens.admin,
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        `Invalid body: classification ${ClassificationMessages.unknown}`,
      );
      expect(calls).toEqual([]);
    });

    it('refuses a form without content descriptors, or with one it does not know', async () => {
      for (const descriptors of [undefined, ['gore'], ['violence', 'violence']]) {
        const response = await send(
          'POST',
          '/api/admin/series',
          { ...seriesInput, descriptors },
          fakeTokens.admin,
        );
        expect(response.status).toBe(400);
        expect(((await response.json()) as { message: string }).message).toMatch(/descriptors/);
      }
      expect(calls).toEqual([]);
    });
  });
});
