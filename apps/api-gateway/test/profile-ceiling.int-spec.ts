import mongoose, { Types } from 'mongoose';
import {
  API_ROUTES,
  CLASSIFICATION_ORDER,
  Classification,
  KIDS_REFUSAL_MESSAGES,
  PaymentPatterns,
  classificationsUpTo,
} from '@app/contracts';
import type { ApiError, OwnedTitle, Profile, ProfileSession, TitleFacts } from '@app/contracts';
import { planEntitlement, suiteInfra } from '@app/server-testing';
import { callGateway, standIn, startFakeService, startGateway } from './gateway-harness';
import { signUp, startServiceProcesses, suiteSecrets } from './real-services';
import type { ServiceProcess } from './service-process';
import type { INestApplication, INestMicroservice } from '@nestjs/common';

// Issue 25, "Tests and proof": every viewer-facing route of the gateway that can answer titles, enumerated from the
// route descriptions, called with a kids profile's session (U/A 7+) over a catalogue holding a film of each of the
// five classes, a series above the ceiling and one within it. Nothing above U/A 7+ comes back from any of them, and
// a direct id above the ceiling answers 404 as a missing title does. The real auth-service mints the sessions, and
// the real catalogue-service, user-data-service and recommendation-service filter; payment-service is a stand-in (it
// owns no classes: the gateway asks the catalogue). Both profiles have watched and listed every seeded title (written
// straight into user-data's store), and the recommender knows them all (its items, written before it starts). A route
// the table below does not classify fails the test: a new route that answers titles cannot ship without saying how
// the profile filter reaches it.

/** What the suite seeded: a film of each class, a series (and its episode) above the ceiling and within it. */
type World = {
  accountId: string;
  films: Record<Classification, string>;
  adultShow: string;
  kidsShow: string;
  adultEpisode: string;
  kidsEpisode: string;
  /** Drafts scheduled to go live (issue 28): what Coming soon offers, above the ceiling and within it. */
  soon: Ids;
};

/** A request of the enumeration: path (with query), and a JSON body for the reads sent as POST. */
type Request = { path: string; body?: unknown };

type Exposure =
  /** Answers titles: none above the ceiling may appear, and (so the check is not vacuous) one within it does. */
  | { kind: 'lists'; request: (world: World) => Request }
  /** Takes a title's own id: above the ceiling 404 exactly as a missing id, within it 200. */
  | { kind: 'by-id'; above: (world: World) => Request; within: (world: World) => Request }
  /**
   * Takes a title's own id and answers the profile's data of it: above the ceiling exactly what a missing id answers
   * (as if never watched), within it the seeded data (`seen`, an id in the answer); the adult's answer above it too.
   */
  | {
      kind: 'own-data-by-id';
      path: (world: World, id: string) => string;
      ids: (world: World) => Ids;
      seen: (world: World) => Ids;
    }
  /** Answers scheduled drafts (Coming soon): the world's `soon` ids, as `lists` does for published titles. */
  | { kind: 'scheduled'; request: Request }
  /** Refused (403) to a kids profile by the route's `notForKids` (the refusal test below calls it). */
  | { kind: 'not-for-kids'; why: string }
  /** Answers no title (why says what it answers). */
  | { kind: 'no-titles'; why: string };

/** A title above the ceiling and one within it. */
type Ids = { above: string; within: string };

const film = (world: World, classification: Classification) => world.films[classification];
const lists = (request: (world: World) => Request): Exposure => ({ kind: 'lists', request });
const byId = (path: (id: string) => string, of: 'film' | 'series' | 'episode'): Exposure => {
  const ids = (world: World) =>
    of === 'film'
      ? { above: film(world, Classification.A), within: film(world, Classification.U) }
      : of === 'series'
        ? { above: world.adultShow, within: world.kidsShow }
        : { above: world.adultEpisode, within: world.kidsEpisode };
  return {
    kind: 'by-id',
    above: (world) => ({ path: path(ids(world).above) }),
    within: (world) => ({ path: path(ids(world).within) }),
  };
};
const none = (why: string): Exposure => ({ kind: 'no-titles', why });
const notForKids = (why: string): Exposure => ({ kind: 'not-for-kids', why });

/**
 * Every viewer-facing read of the gateway, by `METHOD path`: the GET routes that are not admin-only, and the reads
 * sent as POST. A route missing here fails the first test.
 */
const EXPOSURES: Record<string, Exposure> = {
  'GET /api/movies': lists(() => ({ path: '/api/movies?pageSize=50' })),
  'GET /api/movies/sections': lists(() => ({ path: '/api/movies/sections' })),
  'GET /api/movies/genres': none('genre names'),
  'GET /api/movies/{id}': byId((id) => `/api/movies/${id}`, 'film'),
  'GET /api/movies/{id}/rating': byId((id) => `/api/movies/${id}/rating`, 'film'),
  'GET /api/movies/{id}/reviews': byId((id) => `/api/movies/${id}/reviews`, 'film'),
  'POST /api/movie-details': lists((world) => ({
    path: '/api/movie-details',
    body: { movieIds: Object.values(world.films) },
  })),
  'GET /api/series': lists(() => ({ path: '/api/series?pageSize=50' })),
  'GET /api/series/genres': none('genre names'),
  'GET /api/series/{id}': byId((id) => `/api/series/${id}`, 'series'),
  'GET /api/episodes/{id}': byId((id) => `/api/episodes/${id}`, 'episode'),
  'GET /images/{size}/generated/{file}': none(
    'an SVG poster; an <img> carries no session, so it is not a profile read',
  ),
  'GET /api/auth/captcha': none('captcha settings'),
  'GET /api/auth/captcha/challenge': none('a captcha challenge'),
  'GET /api/user': none('the account'),
  'GET /auth/google': none('a redirect to Google'),
  'GET /auth/google/callback': none('a redirect back to the web app'),
  'GET /api/profiles': none("the account's profiles"),
  'GET /api/plans': none('the plan catalogue'),
  'GET /api/payments/config': none('Checkout settings'),
  'GET /api/entitlements/{id}': byId((id) => `/api/entitlements/${id}`, 'film'),
  'POST /api/entitlements': lists((world) => ({
    path: '/api/entitlements',
    body: { movieIds: Object.values(world.films) },
  })),
  'GET /api/users/{id}/subscription': none("the account's plan"),
  'GET /api/users/{id}/titles': lists((world) => ({ path: `/api/users/${world.accountId}/titles` })),
  'GET /api/playback/streams': none(
    "the account's screens in use (per account by design: all profiles share the plan's screens)",
  ),
  'GET /api/playback/{id}': byId((id) => `/api/playback/${id}`, 'film'),
  'GET /api/health': none('service health'),
  'GET /api/health/live': none('gateway liveness'),
  'POST /api/recommend': lists((world) => ({
    path: '/api/recommend',
    body: { user_id: world.accountId, limit: 20 },
  })),
  'GET /api/recommend/trending': lists(() => ({ path: '/api/recommend/trending?limit=20' })),
  'GET /api/movies/{id}/similar': byId((id) => `/api/movies/${id}/similar`, 'film'),
  'GET /api/users/{id}/favorites': lists((world) => ({ path: `/api/users/${world.accountId}/favorites` })),
  'GET /api/users/{id}/watch-history': lists((world) => ({
    path: `/api/users/${world.accountId}/watch-history?pageSize=50`,
  })),
  'GET /api/users/{id}/continue-watching': lists((world) => ({
    path: `/api/users/${world.accountId}/continue-watching`,
  })),
  'GET /api/users/{id}/series/{seriesId}/progress': {
    kind: 'own-data-by-id',
    path: (world, id) => `/api/users/${world.accountId}/series/${id}/progress`,
    ids: (world) => ({ above: world.adultShow, within: world.kidsShow }),
    seen: (world) => ({ above: world.adultEpisode, within: world.kidsEpisode }),
  },
  'GET /api/users/{id}/analytics': none('watch time by genre and month'),
  'GET /api/users/{id}/settings': none("the profile's settings"),
  'GET /api/users/{id}/sessions': none("the account's devices and sign-ins"),
  'GET /api/coming-soon': { kind: 'scheduled', request: { path: '/api/coming-soon' } },
  'GET /api/reminders': none(
    "the profile's own reminders: ids of titles Coming soon offered it (within its ceiling)",
  ),
  'GET /api/users/{id}/trial': none('whether the account may start a free trial'),
  'GET /api/parental': notForKids("the account's parental PIN settings"),
  'GET /api/users/{id}/billing-profile': notForKids("the account holder's billing state and GSTIN"),
  'GET /api/users/{id}/billing': notForKids(
    'payments and invoices, whose lines name every title bought or rented',
  ),
  'GET /api/users/{id}/invoices/{invoiceId}': notForKids(
    'an invoice, which names the title bought or rented',
  ),
  'GET /api/users/{id}/invoices/{invoiceId}/pdf': notForKids('the same invoice as a PDF'),
  'GET /api/users/{id}/export': notForKids(
    "the account holder's copy of every profile's history and list, unfiltered (DECISIONS 32): refused to a kids profile",
  ),
};

/** The reads a viewer's session can make: GET routes that are not admin-only, and POST routes that only read. */
const POST_READS = new Set(['POST /api/movie-details', 'POST /api/entitlements', 'POST /api/recommend']);
const viewerReads = API_ROUTES.filter((route) => route.access !== 'admin')
  .map((route) => `${route.method.toUpperCase()} ${route.path}`)
  .filter((key) => key.startsWith('GET ') || POST_READS.has(key));

const KIDS_CLASSES: readonly string[] = classificationsUpTo(Classification.UA7);
const PASSWORD = 'correct horse battery';

/** A published title as catalogue-service stores one (the fields its mapper reads), of `classification`. */
const storedTitle = (title: string, classification: Classification, popularity: number) => ({
  _id: new Types.ObjectId(),
  title,
  titleNormalized: title.toLowerCase(),
  description: 'Seeded by the profile-ceiling suite.',
  genre: 'Drama',
  genres: ['Drama'],
  rating: 6.5,
  votes: 10,
  posterUrl: '/images/w500/generated/x.svg',
  status: 'published',
  access: 'free',
  language: null,
  cast: [],
  publishDate: new Date('2025-01-01T00:00:00.000Z'),
  popularity,
  sourceKey: `test:ceiling:${title}`,
  classification,
  descriptors: [],
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe('a kids profile receives nothing above its ceiling from any viewer route (issue 25)', () => {
  const stores = {
    auth: suiteInfra('gateway-ceiling-auth'),
    catalogue: suiteInfra('gateway-ceiling-catalogue'),
    userData: suiteInfra('gateway-ceiling-user-data'),
    reco: suiteInfra('gateway-ceiling-reco'),
  };
  type Store = (typeof stores)[keyof typeof stores];
  const services: ServiceProcess[] = [];
  let fakePayments: INestMicroservice;
  let gateway: INestApplication;
  let url: string;
  let kidsToken: string;
  let parentToken: string;
  /** What the stand-in payment-service says the account owns: a film of each class. */
  let owned: OwnedTitle[] = [];

  const call = async (token: string, { path, body }: Request) => {
    const response = await callGateway(url, body === undefined ? 'GET' : 'POST', path, { token, body });
    const text = await response.text();
    return { status: response.status, text, body: (text ? JSON.parse(text) : undefined) as unknown };
  };

  /** The catalogue's documents (ids fixed here, so the recommender's items can be written before it starts). */
  const films = CLASSIFICATION_ORDER.map((classification, n) =>
    storedTitle(`Ceiling film ${classification}`, classification, 1000 - n),
  );
  // Scheduled a week ahead: Coming soon's titles, one above the kids ceiling and one within it.
  const soonDrafts = [Classification.A, Classification.U].map((classification, n) => ({
    ...storedTitle(`Ceiling coming soon ${classification}`, classification, 100 - n),
    status: 'draft',
    publishAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
  }));
  const shows = [Classification.UA16, Classification.U].map((classification, n) => ({
    ...storedTitle(`Ceiling show ${classification}`, classification, 500 - n),
    firstAirDate: null,
    creators: [],
    demo: false,
    seasons: [{ number: 1, title: 'Season 1', overview: '', airDate: null }],
  }));
  const episodes = shows.map((show) => ({
    _id: new Types.ObjectId(),
    seriesId: show._id,
    seasonNumber: 1,
    number: 1,
    title: `Pilot of ${show.title}`,
    overview: '',
    runtimeMinutes: 30,
    airDate: null,
    stillUrl: null,
    intro: null,
    mediaReady: true,
    mediaDurationSeconds: 1800,
    mediaReadyAt: new Date(),
    createdAt: new Date(),
    updatedAt: new Date(),
  }));
  const hex = (id: Types.ObjectId) => id.toHexString();
  const titles = [
    ...films.map((movie) => ({ ...movie, kind: 'movie' as const })),
    ...shows.map((show) => ({ ...show, kind: 'series' as const })),
  ];

  /** Writes `docs` into `collection` of a service's store. */
  const insert = async (store: Store, docs: Record<string, Array<Record<string, unknown>>>) => {
    const connection = await mongoose.createConnection(store.mongoUri).asPromise();
    try {
      for (const [collection, rows] of Object.entries(docs))
        await connection.collection(collection).insertMany(rows);
    } finally {
      await connection.close();
    }
  };

  const seedCatalogue = () =>
    insert(stores.catalogue, {
      movies: [...films, ...soonDrafts].map((movie) => ({
        ...movie,
        purchasePriceInr: 149,
        rentalPriceInr: 49,
        releaseDate: new Date('2001-06-15T00:00:00.000Z'),
        runtimeMinutes: 120,
        director: null,
        writers: [],
        awards: null,
        imdbId: null,
        tmdbId: null,
        budgetUsd: null,
        revenueUsd: null,
        mediaReady: true,
      })),
      series: shows,
      episodes,
    });

  /** The recommender's view of every title, as its catalogue events would have left it (read once, at its start). */
  const seedRecommender = () =>
    insert(stores.reco, {
      items: titles.map((title) => ({
        _id: hex(title._id),
        kind: title.kind,
        title: title.title,
        genre: title.genre,
        posterUrl: title.posterUrl,
        rating: title.rating,
        access: 'free',
        director: null,
        cast: [],
        releaseYear: 2001,
        classification: title.classification,
        status: 'published',
        deleted: false,
        publishDate: title.publishDate,
        changedAt: new Date(),
      })),
    });

  /**
   * What user-data-service keeps: each title's snapshot with its class (from the catalogue's events), and for each
   * profile every film and both series' pilots watched halfway (history, Continue Watching, a series' progress) and
   * every title on its list.
   */
  const seedViewerData = (userId: string, profileIds: string[]) => {
    const now = new Date();
    const snapshot = (title: (typeof titles)[number]) => ({
      title: title.title,
      posterUrl: title.posterUrl,
      genre: title.genre,
      rating: title.rating,
    });
    const watched = (movieId: string, durationSeconds: number, episode: Record<string, unknown> | null) => ({
      movieId,
      positionSeconds: durationSeconds / 2,
      durationSeconds,
      lastWatchedAt: now,
      watchTimeSeconds: durationSeconds / 2,
      watchByMonth: {},
      finished: false,
      inProgress: true,
      hidden: false,
      episode,
      createdAt: now,
    });
    return insert(stores.userData, {
      titles: titles.map((title) => ({
        movieId: hex(title._id),
        ...snapshot(title),
        classification: title.classification,
        deleted: false,
        changedAt: now,
      })),
      episodes: episodes.map((episode) => ({
        episodeId: hex(episode._id),
        seriesId: hex(episode.seriesId),
        seasonNumber: 1,
        episodeNumber: 1,
        title: episode.title,
        runtimeMinutes: 30,
        deleted: false,
        changedAt: now,
      })),
      history: profileIds.flatMap((profileId) => [
        ...films.map((movie) => ({ userId, profileId, ...watched(hex(movie._id), 7200, null) })),
        ...episodes.map((episode) => ({
          userId,
          profileId,
          ...watched(hex(episode._id), 1800, {
            seriesId: hex(episode.seriesId),
            seasonNumber: 1,
            episodeNumber: 1,
          }),
        })),
      ]),
      favorites: profileIds.flatMap((profileId) =>
        titles.map((title) => ({
          userId,
          profileId,
          movieId: hex(title._id),
          ...snapshot(title),
          kind: title.kind,
          addedAt: now,
          snapshotAt: now,
        })),
      ),
    });
  };

  const world: World = {
    accountId: '',
    films: Object.fromEntries(films.map((movie) => [movie.classification, hex(movie._id)])) as Record<
      Classification,
      string
    >,
    adultShow: hex(shows[0]._id),
    kidsShow: hex(shows[1]._id),
    adultEpisode: hex(episodes[0]._id),
    kidsEpisode: hex(episodes[1]._id),
    soon: { above: hex(soonDrafts[0]._id), within: hex(soonDrafts[1]._id) },
  };

  beforeAll(async () => {
    const envOf = (store: Store) => ({
      MONGODB_URI: store.mongoUri,
      MONGODB_DB: store.mongoDb,
      REDIS_URL: store.redisUrl,
      ...suiteSecrets('gateway-ceiling'),
    });
    await seedRecommender();
    await startServiceProcesses(services, [
      ['auth-service', envOf(stores.auth)],
      ['catalogue-service', envOf(stores.catalogue)],
      ['user-data-service', envOf(stores.userData)],
      ['recommendation-service', envOf(stores.reco)],
    ]);
    ({ app: fakePayments } = await startFakeService(
      standIn({
        [PaymentPatterns.ownedTitles]: () => owned,
        [PaymentPatterns.entitlement]: ({ title }: { title: TitleFacts }) => planEntitlement(title.movieId),
        [PaymentPatterns.entitlements]: ({ titles }: { titles: TitleFacts[] }) =>
          titles.map((title) => planEntitlement(title.movieId)),
      }),
    ));
    ({ app: gateway, url } = await startGateway({ LOG_LEVEL: 'error' }));

    await seedCatalogue();
    const parent = await signUp(url, PASSWORD);
    parentToken = parent.token;
    world.accountId = parent.id;
    owned = Object.entries(world.films).map(([classification, movieId]): OwnedTitle => ({
      movieId,
      title: `Ceiling film ${classification}`,
      kind: 'purchase',
      acquiredAt: new Date().toISOString(),
      rental: null,
      active: true,
    }));
    const kid = await callGateway(url, 'POST', '/api/profiles', {
      token: parentToken,
      body: { name: 'Chotu', avatar: 'ocean', kind: 'kids', maturityCeiling: 'UA7' },
    });
    expect(kid.status).toBe(201);
    const { id: kidId } = (await kid.json()) as Profile;
    // The parent's session acts as the account's default profile, whose id is the account's (chosen: with two
    // profiles, sign-in's session names none).
    await seedViewerData(world.accountId, [world.accountId, kidId]);
    const choose = async (profileId: string) => {
      const selected = await callGateway(url, 'POST', `/api/profiles/${profileId}/select`, {
        token: parent.token,
        body: {},
      });
      expect(selected.status).toBe(200);
      return ((await selected.json()) as ProfileSession).token;
    };
    parentToken = await choose(world.accountId);
    kidsToken = await choose(kidId);
  }, 240_000);

  afterAll(async () => {
    await gateway?.close();
    await fakePayments?.close();
    await Promise.all(services.map((service) => service.stop()));
  });

  it('classifies every viewer-facing read the route descriptions hold (a new one must say how it is filtered)', () => {
    const unclassified = viewerReads.filter((key) => !(key in EXPOSURES));
    expect(unclassified).toEqual([]);
    // And the table names no route that is gone.
    expect(Object.keys(EXPOSURES).filter((key) => !viewerReads.includes(key))).toEqual([]);
    // A route said to be refused to kids is marked so (the refusal test below calls each marked one).
    const refused = Object.keys(EXPOSURES).filter((key) => EXPOSURES[key].kind === 'not-for-kids');
    const marked = API_ROUTES.filter((route) => route.notForKids).map(
      (route) => `${route.method.toUpperCase()} ${route.path}`,
    );
    expect(refused.filter((key) => !marked.includes(key))).toEqual([]);
  });

  const above = (w: World) =>
    [Classification.UA13, Classification.UA16, Classification.A]
      .map((c) => film(w, c))
      .concat(w.adultShow, w.adultEpisode);
  const within = (w: World) => [film(w, Classification.U), film(w, Classification.UA7), w.kidsShow];

  const listed = Object.entries(EXPOSURES).filter(([, exposure]) => exposure.kind === 'lists');
  it.each(listed)('%s answers nothing above U/A 7+ to the kids profile', async (_, exposure) => {
    if (exposure.kind !== 'lists') return;
    const request = exposure.request(world);
    const kids = await call(kidsToken, request);
    expect(kids.status).toBe(200);
    for (const id of above(world)) expect(kids.text).not.toContain(id);
    expect(within(world).some((id) => kids.text.includes(id))).toBe(true);
    for (const [, classification] of kids.text.matchAll(/"classification":"(\w+)"/g))
      expect(KIDS_CLASSES).toContain(classification);
    // The adult (the parent's profile) gets titles above the ceiling from the same route: the seed shows in it.
    const adult = await call(parentToken, request);
    expect(adult.status).toBe(200);
    expect(above(world).some((id) => adult.text.includes(id))).toBe(true);
  });

  const scheduled = Object.entries(EXPOSURES).filter(([, exposure]) => exposure.kind === 'scheduled');
  it.each(scheduled)('%s offers the kids profile no scheduled title above U/A 7+', async (_, exposure) => {
    if (exposure.kind !== 'scheduled') return;
    const kids = await call(kidsToken, exposure.request);
    expect(kids.status).toBe(200);
    expect(kids.text).not.toContain(world.soon.above);
    expect(kids.text).toContain(world.soon.within);
    const adult = await call(parentToken, exposure.request);
    expect(adult.text).toContain(world.soon.above);
  });

  const direct = Object.entries(EXPOSURES).filter(([, exposure]) => exposure.kind === 'by-id');
  it.each(direct)('%s answers 404 for an id above the ceiling, as for a missing one', async (_, exposure) => {
    if (exposure.kind !== 'by-id') return;
    const aboveAnswer = await call(kidsToken, exposure.above(world));
    const missing = exposure.above(world).path.replace(/[0-9a-f]{24}/, new Types.ObjectId().toHexString());
    const missingAnswer = await call(kidsToken, { path: missing });
    expect(aboveAnswer.status).toBe(404);
    expect(missingAnswer.status).toBe(404);
    const shape = ({ code, message }: ApiError) => ({ code, message });
    expect(shape(aboveAnswer.body as ApiError)).toEqual(shape(missingAnswer.body as ApiError));
    expect((await call(kidsToken, exposure.within(world))).status).toBe(200);
    expect((await call(parentToken, exposure.above(world))).status).toBe(200);
  });

  const ownData = Object.entries(EXPOSURES).filter(([, exposure]) => exposure.kind === 'own-data-by-id');
  it.each(ownData)(
    '%s answers for an id above the ceiling what it answers for a missing one',
    async (_, exposure) => {
      if (exposure.kind !== 'own-data-by-id') return;
      const { above: aboveId, within: withinId } = exposure.ids(world);
      const missingId = new Types.ObjectId().toHexString();
      const aboveAnswer = await call(kidsToken, { path: exposure.path(world, aboveId) });
      const missingAnswer = await call(kidsToken, { path: exposure.path(world, missingId) });
      expect(aboveAnswer.status).toBe(missingAnswer.status);
      expect(aboveAnswer.text.replaceAll(aboveId, '{id}')).toEqual(
        missingAnswer.text.replaceAll(missingId, '{id}'),
      );
      expect(aboveAnswer.text).not.toContain(exposure.seen(world).above);
      // Not vacuous: within the ceiling the kids profile's data is there, and above it the adult's is.
      const withinAnswer = await call(kidsToken, { path: exposure.path(world, withinId) });
      expect([withinAnswer.status, withinAnswer.text.includes(exposure.seen(world).within)]).toEqual([
        200,
        true,
      ]);
      const adultAnswer = await call(parentToken, { path: exposure.path(world, aboveId) });
      expect([adultAnswer.status, adultAnswer.text.includes(exposure.seen(world).above)]).toEqual([
        200,
        true,
      ]);
    },
  );

  it('refuses the kids profile every payment, profile change and account export the routes mark, before any call (403)', async () => {
    const marked = API_ROUTES.filter((route) => route.notForKids);
    expect(marked.map((route) => `${route.method.toUpperCase()} ${route.path}`).sort()).toEqual([
      'DELETE /api/profiles/{profileId}',
      'DELETE /api/users/{id}/sessions',
      'DELETE /api/users/{id}/sessions/{sessionId}',
      'DELETE /api/users/{id}/subscription',
      'GET /api/parental',
      'GET /api/users/{id}/billing',
      'GET /api/users/{id}/billing-profile',
      'GET /api/users/{id}/export',
      'GET /api/users/{id}/invoices/{invoiceId}',
      'GET /api/users/{id}/invoices/{invoiceId}/pdf',
      'POST /api/parental/age',
      'POST /api/payments/create-order',
      'POST /api/payments/verify',
      'POST /api/profiles',
      'POST /api/users/{id}/delete-account',
      'POST /api/users/{id}/trial',
      'POST /create-order',
      'PUT /api/parental',
      'PUT /api/users/{id}/billing-profile',
      'PUT /api/users/{id}/subscription',
    ]);
    for (const route of marked) {
      const path = route.path
        .replace('{id}', world.accountId)
        .replace('{profileId}', world.accountId)
        .replace('{invoiceId}', world.accountId)
        .replace('{sessionId}', world.accountId);
      const method = route.method.toUpperCase();
      const answer = await callGateway(url, method, path, {
        token: kidsToken,
        body: method === 'GET' ? undefined : {},
      });
      expect([route.path, answer.status]).toEqual([route.path, 403]);
      expect((await answer.json()) as ApiError).toMatchObject({
        message: route.notForKids && KIDS_REFUSAL_MESSAGES[route.notForKids],
      });
    }
  });
});
