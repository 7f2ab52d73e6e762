import type { RecommendationList } from '@app/contracts';
import { ErrorCode, RecommendationReason, RecommendationSource } from '@app/contracts';
import { uniqueSuffix, waitUntil } from '@app/server-testing';
import { profileKey } from '../src/interactions/profiles.repository';
import type { RecoHarness } from './reco-context';
import { idsOf, newGenre, newId, startReco } from './reco-context';

const viewers = (count: number) => Array.from({ length: count }, () => newId());

const expectBestFirst = (list: RecommendationList) => {
  const scores = list.items.map((item) => item.score);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
};

/** What a viewer would see: lists answered over RPC as the gateway asks, from events published as services do. */
describe('recommendations from recommendation-service', () => {
  let ctx: RecoHarness;

  beforeAll(async () => {
    ctx = await startReco('reco-lists');
  });

  afterAll(() => ctx?.close());

  it('gives a visitor and a viewer with no history the popular row: most watched first, then the newest', async () => {
    const genre = newGenre();
    const fresh = await ctx.publishTitle({
      genre,
      publishDate: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const newest = await ctx.publishTitle({ genre });
    const warm = await ctx.publishTitle({ genre });
    const hot = await ctx.publishTitle({ genre });
    for (const userId of viewers(3)) await ctx.watch(userId, hot.movieId, 0.3);
    await ctx.watch(newId(), warm.movieId, 0.3);
    await ctx.drain();

    const expected = [hot.movieId, warm.movieId, newest.movieId, fresh.movieId];
    await waitUntil(
      async () => JSON.stringify(idsOf(await ctx.trending(genre))) === JSON.stringify(expected),
      'trending to count the plays',
    );
    for (const list of [await ctx.recommend(null, genre), await ctx.recommend(newId(), genre)]) {
      expect(list.source).toBe(RecommendationSource.Popular);
      expect(idsOf(list)).toEqual(expected);
      expectBestFirst(list);
      for (const item of list.items) {
        expect(item).toMatchObject({
          reason: RecommendationReason.Trending,
          reasonText: 'Trending now',
          basedOnMovieId: null,
          genre,
        });
      }
    }
    expect((await ctx.recommend(null, genre)).items[0]).toEqual({
      movie_id: hot.movieId,
      score: expect.any(Number),
      reason: RecommendationReason.Trending,
      reasonText: 'Trending now',
      basedOnMovieId: null,
      title: hot.title,
      posterUrl: hot.posterUrl,
      genre,
      rating: hot.rating,
      access: hot.access,
      releaseYear: hot.releaseYear,
      kind: 'movie',
    });
  });

  it('recommends what viewers of the same title also watched, because you watched it', async () => {
    const genre = newGenre();
    const a = await ctx.publishTitle({ genre });
    const b = await ctx.publishTitle({ genre });
    // Alike in content to `a` as much as `b` is, and as popular, but never watched with it.
    const decoy = await ctx.publishTitle({ genre });
    await ctx.finishedBy(viewers(4), [a.movieId, b.movieId]);
    await ctx.finishedBy(viewers(4), [decoy.movieId]);
    const viewer = newId();
    await ctx.finishedBy([viewer], [a.movieId]);
    await ctx.rebuild();

    const list = await ctx.recommend(viewer, genre);
    expect(list.source).toBe(RecommendationSource.Personal);
    expect(list.items[0]).toMatchObject({
      movie_id: b.movieId,
      reason: RecommendationReason.BecauseYouWatched,
      basedOnMovieId: a.movieId,
      reasonText: `Because you watched ${a.title}`,
    });
    expect(idsOf(list)).toContain(decoy.movieId);
    expect(idsOf(list)).not.toContain(a.movieId);
    expectBestFirst(list);
  });

  it('recommends a title published after the build to viewers of its director, without a rebuild', async () => {
    const genre = newGenre();
    const director = `Director ${uniqueSuffix()}`;
    const first = await ctx.publishTitle({ genre, director });
    const second = await ctx.publishTitle({ genre, director });
    await ctx.publishTitle({ genre });
    const viewer = newId();
    await ctx.finishedBy([viewer], [first.movieId, second.movieId]);
    const built = await ctx.rebuild();

    const latest = await ctx.publishTitle({ genre, director });
    const recommended = async () =>
      (await ctx.recommend(viewer, genre)).items.find((item) => item.movie_id === latest.movieId);
    await waitUntil(
      async () => (await recommended())?.reason === RecommendationReason.BecauseYouWatched,
      'the new title among the personal picks',
    );
    expect([first.movieId, second.movieId]).toContain((await recommended())?.basedOnMovieId);
    expect((await ctx.status()).builtAt).toBe(built.builtAt);
  });

  it('never offers a title sent back to draft or deleted, in any list', async () => {
    const genre = newGenre();
    const drafted = await ctx.publishTitle({ genre });
    const deleted = await ctx.publishTitle({ genre });
    const kept = await ctx.publishTitle({ genre });
    await ctx.finishedBy(viewers(3), [drafted.movieId, deleted.movieId, kept.movieId]);
    const viewer = newId();
    await ctx.finishedBy([viewer], [kept.movieId]);
    await ctx.rebuild();
    const lists = async () => [
      await ctx.recommend(null, genre),
      await ctx.recommend(viewer, genre),
      await ctx.trending(genre),
      await ctx.similar(kept.movieId),
    ];
    // Offered while published, so the lists below could show them.
    for (const list of await lists())
      expect(idsOf(list)).toEqual(expect.arrayContaining([drafted.movieId, deleted.movieId]));

    await ctx.bus.publish('movie.updated', { ...drafted, status: 'draft' });
    await ctx.bus.publish('movie.deleted', { movieId: deleted.movieId });
    await waitUntil(
      async () =>
        !ctx.catalogue.isRecommendable(drafted.movieId) && !ctx.catalogue.isRecommendable(deleted.movieId),
      'the draft and the delete',
    );
    for (const list of await lists()) {
      expect(idsOf(list)).not.toContain(drafted.movieId);
      expect(idsOf(list)).not.toContain(deleted.movieId);
    }
    for (const movieId of [drafted.movieId, deleted.movieId]) {
      await expect(ctx.similar(movieId)).rejects.toMatchObject({ code: ErrorCode.NotFound });
    }
    // Still out after a full build.
    await ctx.rebuild();
    for (const list of await lists()) expect(idsOf(list)).not.toContain(drafted.movieId);
  });

  it('leaves out what the viewer finished or is still watching', async () => {
    const genre = newGenre();
    const [finished, watching, sampled, other] = [
      await ctx.publishTitle({ genre }),
      await ctx.publishTitle({ genre }),
      await ctx.publishTitle({ genre }),
      await ctx.publishTitle({ genre }),
    ];
    for (const userId of viewers(3)) {
      for (const title of [finished, watching, sampled, other]) await ctx.watch(userId, title.movieId, 0.5);
    }
    const viewer = newId();
    await ctx.watch(viewer, finished.movieId, 0.95);
    await ctx.watch(viewer, watching.movieId, 0.5);
    await ctx.watch(viewer, sampled.movieId, 0.01);
    await ctx.drain();
    await ctx.rebuild();

    const list = await ctx.recommend(viewer, genre);
    expect(list.source).toBe(RecommendationSource.Personal);
    expect(idsOf(list)).toEqual(expect.arrayContaining([sampled.movieId, other.movieId]));
    expect(idsOf(list)).not.toContain(finished.movieId);
    expect(idsOf(list)).not.toContain(watching.movieId);
  });

  it("forgets a deleted user's interactions and profile", async () => {
    const genre = newGenre();
    const title = await ctx.publishTitle({ genre });
    await ctx.publishTitle({ genre });
    const viewer = newId();
    await ctx.finishedBy([viewer], [title.movieId]);
    await ctx.bus.publish('favorite.added', {
      userId: viewer,
      movieId: newId(),
      addedAt: new Date().toISOString(),
    });
    await waitUntil(
      async () => (await ctx.profiles.all({ userId: viewer, profileId: viewer })).length === 2,
      'the favorite',
    );
    expect((await ctx.recommend(viewer, genre)).source).toBe(RecommendationSource.Personal);

    await ctx.bus.publish('user.deleted', { userId: viewer });
    await waitUntil(
      async () => (await ctx.recommend(viewer, genre)).source === RecommendationSource.Popular,
      'the cold start',
    );
    expect(await ctx.interactions.findOne({ userId: viewer, profileId: viewer }, title.movieId)).toBeNull();
    expect(await ctx.redis.exists(profileKey(viewer))).toBe(0);
    // The finished title is offered again, as to anyone new.
    expect(idsOf(await ctx.recommend(viewer, genre))).toContain(title.movieId);
  });

  it('learns nothing from events about a user published after their deletion (issue 22, finding 3)', async () => {
    const genre = newGenre();
    const [title, other] = [await ctx.publishTitle({ genre }), await ctx.publishTitle({ genre })];
    const viewer = newId();
    await ctx.watch(viewer, title.movieId, 0.5);
    await ctx.profileShows(viewer, title.movieId);

    await ctx.bus.publish('user.deleted', { userId: viewer });
    // The still-open player reports on; a favorite added from a cached session; a late capture.
    await ctx.watch(viewer, title.movieId, 1);
    await ctx.watch(viewer, other.movieId, 0.3);
    await ctx.bus.publish('favorite.added', {
      userId: viewer,
      movieId: other.movieId,
      addedAt: new Date().toISOString(),
    });
    await ctx.bus.publish('payment.captured', {
      paymentId: `pay_${uniqueSuffix()}`,
      userId: viewer,
      kind: 'purchase',
      movieId: other.movieId,
      planId: null,
      amountPaise: 120_000,
    });
    await ctx.drain();

    expect(await ctx.interactions.findOne({ userId: viewer, profileId: viewer }, title.movieId)).toBeNull();
    expect(await ctx.interactions.findOne({ userId: viewer, profileId: viewer }, other.movieId)).toBeNull();
    expect(await ctx.profiles.all({ userId: viewer, profileId: viewer })).toEqual([]);
    expect(await ctx.redis.exists(profileKey(viewer))).toBe(0);
    expect((await ctx.recommend(viewer, genre)).source).toBe(RecommendationSource.Popular);
    expect(await ctx.pendingOfGroup()).toBe(0);
  });

  it('answers "more like this" with the title\'s neighbours, and NotFound for a title it does not know', async () => {
    const genre = newGenre();
    const director = `Director ${uniqueSuffix()}`;
    const title = await ctx.publishTitle({ genre, director });
    const sameDirector = await ctx.publishTitle({ genre: newGenre(), director });
    const watchedWith = await ctx.publishTitle({ genre: newGenre() });
    await ctx.finishedBy(viewers(4), [title.movieId, watchedWith.movieId]);
    await ctx.rebuild();

    const list = await ctx.similar(title.movieId);
    expect(
      list.items
        .slice(0, 2)
        .map((item) => item.movie_id)
        .sort(),
    ).toEqual([sameDirector.movieId, watchedWith.movieId].sort());
    for (const item of list.items.slice(0, 2)) {
      expect(item).toMatchObject({
        reason: RecommendationReason.Similar,
        reasonText: `More like ${title.title}`,
        basedOnMovieId: title.movieId,
      });
    }
    expect(idsOf(list)).not.toContain(title.movieId);
    await expect(ctx.similar(newId())).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });

  it('filters every list by genre, whatever its case', async () => {
    const genre = newGenre();
    const titles = [await ctx.publishTitle({ genre }), await ctx.publishTitle({ genre })];
    const elsewhere = await ctx.publishTitle({ genre: newGenre() });
    const viewer = newId();
    await ctx.finishedBy([viewer], [elsewhere.movieId]);
    for (const list of [
      await ctx.recommend(null, genre.toUpperCase()),
      await ctx.recommend(viewer, genre.toLowerCase()),
      await ctx.trending(` ${genre.toLowerCase()} `),
    ]) {
      expect(idsOf(list).sort()).toEqual(titles.map((title) => title.movieId).sort());
      expect(list.items.every((item) => item.genre === genre)).toBe(true);
    }
  });

  it('reports the model and rebuilds it on demand', async () => {
    const title = await ctx.publishTitle({ genre: newGenre() });
    await ctx.finishedBy([newId()], [title.movieId]);
    const before = await ctx.status();
    const after = await ctx.rebuild();
    expect(after).toEqual({
      builtAt: expect.any(String),
      buildMillis: expect.any(Number),
      items: expect.any(Number),
      users: expect.any(Number),
      interactions: expect.any(Number),
      building: false,
    });
    expect(after.interactions).toBeGreaterThanOrEqual(1);
    expect(after.items).toBeGreaterThanOrEqual(1);
    expect(Date.parse(after.builtAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(before.builtAt ?? '1970-01-01'),
    );
    expect(await ctx.status()).toEqual(after);
  });
});
