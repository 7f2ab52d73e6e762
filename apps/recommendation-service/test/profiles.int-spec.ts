import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { Classification } from '@app/contracts';
import { ErrorCode, RecommendationReason, RecommendationSource } from '@app/contracts';
import { aHousehold, failure, waitUntil } from '@app/server-testing';
import { InteractionsMigration } from '../src/interactions/interactions-migration';
import { InteractionRecord } from '../src/interactions/interaction.schema';
import { profileKey } from '../src/interactions/profiles.repository';
import type { RecoHarness } from './reco-context';
import { idsOf, newGenre, newId, startReco } from './reco-context';

/**
 * Issue 25 (DECISIONS 36, 37): the recommender learns and answers per profile (the session's, never a client field);
 * trending is the same for every account but, like every list, keeps titles above the profile's ceiling out.
 */
describe('recommendations per profile', () => {
  let ctx: RecoHarness;

  beforeAll(async () => {
    ctx = await startReco('reco-profiles');
  });

  afterAll(() => ctx?.close());

  const household = () => aHousehold(newId, 'reco');

  const titled = (genre: string, classification?: Classification) =>
    ctx.publishTitle({ genre, ...(classification ? { classification } : {}) });

  // First: the old unique index cannot be built once two profiles of one account share a title.
  it('moves interactions from before profiles to the default profile, drops the old unique index, idempotently', async () => {
    const model = ctx.service.app.get<Model<InteractionRecord>>(getModelToken(InteractionRecord.name));
    await model.collection.createIndex(
      { userId: 1, movieId: 1 },
      { unique: true, name: 'userId_1_movieId_1' },
    );
    const userId = newId();
    const movieId = newId();
    // Today's shape, as the service wrote it before profiles.
    await model.collection.insertOne({
      userId,
      movieId,
      version: 2,
      watchedFraction: 0.5,
      finished: false,
      favorite: true,
      favoriteAt: new Date('2025-06-01T12:00:00.000Z'),
      paid: false,
      strength: 2,
      at: new Date('2025-06-01T12:00:00.000Z'),
    });
    const migration = ctx.service.app.get(InteractionsMigration);
    expect(await migration.run()).toBe(1);
    expect(await migration.run()).toBe(0);
    expect(await ctx.interactions.findOne({ userId, profileId: userId }, movieId)).toMatchObject({
      version: 2,
      favorite: true,
    });
    expect((await model.collection.indexes()).map((index) => index.name)).not.toContain('userId_1_movieId_1');
  });

  it("learns each profile apart: the kids profile's viewing never shapes the parent's list, nor the reverse", async () => {
    const genre = newGenre();
    const { userId, parent, child, as } = household();
    const [a, b, c] = [await titled(genre, 'U'), await titled(genre, 'U'), await titled(genre, 'U')];
    for (const viewer of [newId(), newId(), newId()]) {
      await ctx.watch(viewer, a.movieId, 1);
      await ctx.watch(viewer, b.movieId, 1);
    }
    // The parent finished `a`; the child watched `c` on its own profile.
    await ctx.watch(userId, a.movieId, 1);
    await ctx.watch(userId, c.movieId, 0.5, { profileId: child.id });
    await ctx.drain();
    await ctx.rebuild();

    const parentsList = await as(parent, () => ctx.recommend(userId, genre));
    expect(parentsList.source).toBe(RecommendationSource.Personal);
    expect(parentsList.items[0]).toMatchObject({
      movie_id: b.movieId,
      reason: RecommendationReason.BecauseYouWatched,
      basedOnMovieId: a.movieId,
    });
    // The child's `c` is still a candidate for the parent; the parent's `a` for the child.
    expect(idsOf(parentsList)).not.toContain(a.movieId);
    expect(idsOf(parentsList)).toContain(c.movieId);
    const childsList = await as(child, () => ctx.recommend(userId, genre));
    expect(idsOf(childsList)).toContain(a.movieId);
    expect(idsOf(childsList)).not.toContain(c.movieId);
    expect(childsList.items.some((item) => item.basedOnMovieId === a.movieId)).toBe(false);

    expect(await ctx.interactions.findOne({ userId, profileId: child.id }, a.movieId)).toBeNull();
    expect(await ctx.interactions.findOne({ userId, profileId: child.id }, c.movieId)).toMatchObject({
      watchedFraction: 0.5,
    });
    expect(await ctx.interactions.findOne({ userId, profileId: parent.id }, c.movieId)).toBeNull();
  });

  it('never offers a kids profile a title above its ceiling: recommendations, trending, more like this', async () => {
    const genre = newGenre();
    const { userId, parent, child, as } = household();
    const kids = await titled(genre, 'UA7');
    const adult = await titled(genre, 'A');
    const teen = await titled(genre, 'UA13');
    // From before classification: unrated (U/A 16+) for the ceiling.
    const unrated = await titled(genre);
    for (const viewer of [newId(), newId(), newId()]) {
      await ctx.watch(viewer, kids.movieId, 1);
      await ctx.watch(viewer, adult.movieId, 1);
    }
    await ctx.watch(userId, kids.movieId, 1, { profileId: child.id });
    await ctx.watch(userId, kids.movieId, 1);
    await ctx.drain();
    await ctx.rebuild();

    // The parent's list learns adult from kids; the child's never offers it.
    expect((await as(parent, () => ctx.recommend(userId, genre))).items[0]).toMatchObject({
      movie_id: adult.movieId,
      reason: RecommendationReason.BecauseYouWatched,
    });
    const above = [adult.movieId, teen.movieId, unrated.movieId];
    const childsLists = {
      recommend: idsOf(await as(child, () => ctx.recommend(userId, genre))),
      trending: idsOf(await as(child, () => ctx.trending(genre))),
      similar: idsOf(await as(child, () => ctx.similar(kids.movieId))),
    };
    for (const list of Object.values(childsLists)) for (const id of above) expect(list).not.toContain(id);
    expect(childsLists.trending).toEqual([kids.movieId]);
    // Trending is the same list for every profile, narrowed only by the ceiling.
    expect(new Set(idsOf(await as(parent, () => ctx.trending(genre))))).toEqual(
      new Set([kids.movieId, ...above]),
    );
    expect(await failure(as(child, () => ctx.similar(adult.movieId)))).toMatchObject({
      code: ErrorCode.NotFound,
    });

    // Reclassified by the catalogue: the kids title becomes A and leaves the child's lists at once.
    await ctx.bus.publish('movie.updated', {
      movieId: kids.movieId,
      title: kids.title,
      genre,
      status: 'published',
      classification: 'A',
    });
    await waitUntil(
      async () => ctx.catalogue.get(kids.movieId)?.classification === 'A',
      'the reclassification',
    );
    expect(idsOf(await as(child, () => ctx.trending(genre)))).toEqual([]);
  });

  it("profile.deleted erases that profile's interactions and Redis profile only; a redelivery changes nothing", async () => {
    const genre = newGenre();
    const { userId, child } = household();
    const title = await titled(genre, 'U');
    await ctx.watch(userId, title.movieId, 0.5);
    await ctx.watch(userId, title.movieId, 0.5, { profileId: child.id });
    await ctx.drain();
    expect(await ctx.redis.exists(profileKey(child.id))).toBe(1);

    for (let delivery = 0; delivery < 2; delivery++) {
      await ctx.bus.publish('profile.deleted', { userId, profileId: child.id });
      await ctx.drain();
      expect(await ctx.interactions.findOne({ userId, profileId: child.id }, title.movieId)).toBeNull();
      expect(await ctx.redis.exists(profileKey(child.id))).toBe(0);
      expect(await ctx.interactions.findOne({ userId, profileId: userId }, title.movieId)).toMatchObject({
        watchedFraction: 0.5,
      });
      expect(await ctx.redis.exists(profileKey(userId))).toBe(1);
    }
    await waitUntil(async () => (await ctx.pendingOfGroup()) === 0, 'every event acknowledged');

    // The account's deletion then erases every profile's.
    await ctx.watch(userId, title.movieId, 0.6, { profileId: child.id });
    await waitUntil(
      async () => (await ctx.redis.exists(profileKey(child.id))) === 1,
      "the child's new interaction",
    );
    await ctx.bus.publish('user.deleted', { userId });
    await ctx.drain();
    expect(await ctx.redis.exists(profileKey(child.id))).toBe(0);
    expect(await ctx.redis.exists(profileKey(userId))).toBe(0);
    expect(await ctx.interactions.profileIdsOf(userId)).toEqual([]);
  });
});
