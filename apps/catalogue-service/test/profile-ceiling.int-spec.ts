import {
  CLASSIFICATION_ORDER,
  Classification,
  ErrorCode,
  MovieMessages,
  MovieRpc,
  ProfileKind,
  ReviewRpc,
  SeriesRpc,
  classificationsUpTo,
} from '@app/contracts';
import type { SessionProfile } from '@app/contracts';
import { RequestContext } from '@app/server-core';
import { newId, uniqueSuffix, type ServiceUnderTest } from '@app/server-testing';
import { type CatalogueContext, catalogueContext, startCatalogue } from './catalogue-context';

// Issue 25: every viewer read of catalogue-service keeps to the ceiling of the profile the RPC envelope names, in the
// query (a list's total counts only what the profile may see), and a title above it answers as a missing one does.
// Admin lists are not limited by the admin's profile; a call without a profile (jobs, events) sees every class.

const kids: SessionProfile = { id: newId(), kind: ProfileKind.Kids, maturityCeiling: Classification.UA7 };
const adult: SessionProfile = { id: newId(), kind: ProfileKind.Standard, maturityCeiling: Classification.A };
const teen: SessionProfile = {
  id: newId(),
  kind: ProfileKind.Standard,
  maturityCeiling: Classification.UA13,
};
const as = <T>(profile: SessionProfile, work: () => Promise<T>) => RequestContext.run({ profile }, work);
const kidsClasses: string[] = classificationsUpTo(Classification.UA7);

describe('catalogue-service: a profile never receives a title above its ceiling (issue 25)', () => {
  let service: ServiceUnderTest;
  let ctx: CatalogueContext;

  beforeAll(async () => {
    service = await startCatalogue('catalogue-ceiling');
    ctx = catalogueContext(service);
  });

  afterAll(() => service?.close());

  /** One published film of each class in a genre of the test's own, most popular first from U. */
  const filmsOfEveryClass = async (genre = `Ceiling${uniqueSuffix()}`) => {
    const films = await Promise.all(
      CLASSIFICATION_ORDER.map((classification, n) =>
        ctx.newMovie({ genre, classification, popularity: 100 - n, title: `${genre} ${classification}` }),
      ),
    );
    return { genre, films, byClass: (c: Classification) => films[CLASSIFICATION_ORDER.indexOf(c)] };
  };
  const notFound = { code: ErrorCode.NotFound, message: MovieMessages.notFound };

  it('lists, pages and counts only the classes at or below the ceiling, and caches each ceiling apart', async () => {
    const { genre, films } = await filmsOfEveryClass();
    const list = () => service.call(MovieRpc.list, { genre, page: 1, pageSize: 20 });
    // The adult's page is cached first: the kids' answer must not be it (nor the reverse after).
    const adultPage = await as(adult, list);
    const kidsPage = await as(kids, list);
    const teenPage = await as(teen, list);
    expect(adultPage.data.map(({ id }) => id)).toEqual(films.map(({ id }) => id));
    expect(kidsPage.data.map(({ classification }) => classification)).toEqual(['U', 'UA7']);
    // Counted in the query, not filtered after: the total is the profile's.
    expect(kidsPage.total).toBe(2);
    expect(teenPage.data.map(({ classification }) => classification)).toEqual(['U', 'UA7', 'UA13']);
    expect((await as(adult, list)).total).toBe(5);
    expect((await service.call(MovieRpc.list, { genre, page: 1, pageSize: 20 })).total).toBe(5);
    const search = await as(kids, () =>
      service.call(MovieRpc.list, { search: genre, page: 1, pageSize: 20, sort: 'title' }),
    );
    expect(search.data.map(({ classification }) => classification).sort()).toEqual(['U', 'UA7']);
  });

  it('leaves titles above the ceiling out of every home section and out of the genres', async () => {
    const { genre } = await filmsOfEveryClass();
    const adultOnly = `AdultsOnly${uniqueSuffix()}`;
    await ctx.newMovie({ genre: adultOnly, classification: Classification.A });
    const sections = await as(kids, () => service.call(MovieRpc.sections, { genre }));
    const shown = [sections.hero, ...Object.values(sections).filter(Array.isArray).flat()].filter(
      (movie) => movie !== null,
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const movie of shown) expect(kidsClasses).toContain(movie.classification);
    expect(sections.trending.map(({ genre: g }) => g)).toEqual([genre, genre]);
    const adultSections = await as(adult, () => service.call(MovieRpc.sections, { genre }));
    expect(adultSections.trending).toHaveLength(5);

    expect(await as(adult, () => service.call(MovieRpc.genres, {}))).toContain(adultOnly);
    const kidsGenres = await as(kids, () => service.call(MovieRpc.genres, {}));
    expect(kidsGenres).toContain(genre);
    expect(kidsGenres).not.toContain(adultOnly);
    // A genre only adults see matches nothing for the kids profile (not an error that tells it exists).
    const page = await as(kids, () =>
      service.call(MovieRpc.list, { genre: adultOnly, page: 1, pageSize: 20 }),
    );
    expect(page).toMatchObject({ data: [], total: 0 });
  });

  it('answers a direct id above the ceiling exactly as a missing title: page, rating, reviews, details', async () => {
    const { byClass } = await filmsOfEveryClass();
    const adultFilm = byClass(Classification.A);
    const missing = newId();
    await ctx.newReview(adultFilm);
    for (const id of [adultFilm.id, missing]) {
      await expect(as(kids, () => service.call(MovieRpc.get, { id, asAdmin: false }))).rejects.toMatchObject(
        notFound,
      );
      await expect(as(kids, () => service.call(MovieRpc.rating, { id }))).rejects.toMatchObject(notFound);
      await expect(as(kids, () => service.call(ReviewRpc.list, { movieId: id }))).rejects.toMatchObject(
        notFound,
      );
    }
    // An admin acting as a kids profile on a viewer route is held to it too (drafts are what asAdmin opens).
    await expect(
      as(kids, () => service.call(MovieRpc.get, { id: adultFilm.id, asAdmin: true })),
    ).rejects.toMatchObject(notFound);
    const kidsFilm = byClass(Classification.UA7);
    expect(
      await as(kids, () => service.call(MovieRpc.get, { id: kidsFilm.id, asAdmin: false })),
    ).toMatchObject({
      id: kidsFilm.id,
    });
    expect(
      await as(adult, () => service.call(MovieRpc.get, { id: adultFilm.id, asAdmin: false })),
    ).toMatchObject({ id: adultFilm.id, classification: 'A' });
    const details = await as(kids, () =>
      service.call(MovieRpc.details, {
        movieIds: [adultFilm.id, kidsFilm.id, byClass(Classification.UA13).id],
      }),
    );
    expect(details.map(({ id }) => id)).toEqual([kidsFilm.id]);
  });

  it('hides a series above the ceiling with its episodes, and every playable id above it', async () => {
    const suffix = uniqueSuffix();
    const adultShow = await ctx.newSeries({ genre: `Shows${suffix}`, classification: Classification.UA16 });
    const kidsShow = await ctx.newSeries({ genre: `Shows${suffix}`, classification: Classification.U });
    const adultEpisode = await ctx.newEpisode(adultShow, 1, 1);
    const kidsEpisode = await ctx.newEpisode(kidsShow, 1, 1);
    const adultFilm = await ctx.newMovie({ classification: Classification.A });

    const list = await as(kids, () =>
      service.call(SeriesRpc.list, { genre: `Shows${suffix}`, page: 1, pageSize: 20 }),
    );
    expect(list.data.map(({ id }) => id)).toEqual([kidsShow.id]);
    expect(list.total).toBe(1);
    await expect(
      as(kids, () => service.call(SeriesRpc.get, { id: adultShow.id, asAdmin: false })),
    ).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(
      as(kids, () => service.call(SeriesRpc.episode, { id: adultEpisode.id, asAdmin: false })),
    ).rejects.toMatchObject({ code: ErrorCode.NotFound });
    for (const id of [adultShow.id, adultEpisode.id, adultFilm.id])
      await expect(
        as(kids, () => service.call(SeriesRpc.playable, { id, asAdmin: false })),
      ).rejects.toMatchObject({ code: ErrorCode.NotFound });

    expect(
      await as(kids, () => service.call(SeriesRpc.episode, { id: kidsEpisode.id, asAdmin: false })),
    ).toMatchObject({ episode: { id: kidsEpisode.id } });
    // The playable answer says the class, for streaming-service's own check.
    expect(
      await as(adult, () => service.call(SeriesRpc.playable, { id: adultEpisode.id, asAdmin: false })),
    ).toMatchObject({ classification: 'UA16', episode: { seriesId: adultShow.id } });
    expect(await service.call(SeriesRpc.playable, { id: adultFilm.id, asAdmin: false })).toMatchObject({
      classification: 'A',
    });
  });

  it("does not limit the admin lists by the admin's profile", async () => {
    const { genre, byClass } = await filmsOfEveryClass();
    const adminPage = await as(kids, () =>
      service.call(MovieRpc.adminList, { search: genre, page: 1, pageSize: 20 }),
    );
    expect(adminPage.data.map(({ id }) => id)).toContain(byClass(Classification.A).id);
    expect(adminPage.total).toBe(5);
  });
});
