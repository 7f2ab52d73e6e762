import { ErrorCode, RecommendationReason, RecommendationSource } from '@app/contracts';
import { waitUntil } from '@app/server-testing';
import { interactionStrength } from '../src/model';
import type { RecoHarness } from './reco-context';
import { idsOf, newGenre, newId, startReco } from './reco-context';

const viewers = (count: number) => Array.from({ length: count }, () => newId());

/** A season's episodes as the catalogue numbers them; their ids are playable ids, never items. */
const episodesOf = (seasonNumber: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: newId(), seasonNumber, episodeNumber: i + 1 }));

const FINISHED_FILM = interactionStrength({
  watchedFraction: 1,
  finished: true,
  favorite: false,
  paid: false,
});

/** Issue 13: a series is one item, learnt from the reports of its episodes, answered with `kind: 'series'`. */
describe('series in recommendation-service', () => {
  let ctx: RecoHarness;

  beforeAll(async () => {
    ctx = await startReco('reco-series');
  });

  afterAll(() => ctx?.close());

  it('learns a series from its episodes’ reports as one item, weighed no more than a finished film', async () => {
    const genre = newGenre();
    const show = await ctx.publishSeries({ genre });
    const episodes = [...episodesOf(1, 3), ...episodesOf(2, 2)];
    const viewer = newId();
    for (const episode of episodes) await ctx.watchEpisode(viewer, show.seriesId, episode, 1);
    await ctx.watchEpisode(viewer, show.seriesId, episodesOf(3, 1)[0], 0.2);
    await ctx.drain();

    const profile = await ctx.profiles.all({ userId: viewer, profileId: viewer });
    expect(profile.map((entry) => entry.movieId)).toEqual([show.seriesId]);
    expect(
      await ctx.interactions.findOne({ userId: viewer, profileId: viewer }, show.seriesId),
    ).toMatchObject({
      watchedFraction: 1,
      finished: true,
      strength: FINISHED_FILM,
    });
    for (const episode of episodes)
      expect(await ctx.interactions.findOne({ userId: viewer, profileId: viewer }, episode.id)).toBeNull();
    // Episodes never become items.
    for (const episode of episodes) expect(ctx.catalogue.get(episode.id)).toBeUndefined();
    expect(await ctx.pendingOfGroup()).toBe(0);
  });

  it('trends a series under its id, one play per viewer a day however many episodes they watch', async () => {
    const genre = newGenre();
    const film = await ctx.publishTitle({ genre });
    const show = await ctx.publishSeries({ genre });
    const lesser = await ctx.publishTitle({ genre });
    const episodes = episodesOf(1, 4);
    // Three viewers watch the film, two binge four episodes each, one watches the lesser film: 3 > 2 > 1 plays.
    for (const userId of viewers(3)) await ctx.watch(userId, film.movieId, 0.5);
    for (const userId of viewers(2))
      for (const episode of episodes) await ctx.watchEpisode(userId, show.seriesId, episode, 0.5);
    await ctx.watch(newId(), lesser.movieId, 0.5);
    await ctx.drain();

    const expected = [film.movieId, show.seriesId, lesser.movieId];
    await waitUntil(
      async () => JSON.stringify(idsOf(await ctx.trending(genre))) === JSON.stringify(expected),
      'trending to count the plays',
    );
    const list = await ctx.trending(genre);
    expect(list.items.map((item) => [item.movie_id, item.kind])).toEqual([
      [film.movieId, 'movie'],
      [show.seriesId, 'series'],
      [lesser.movieId, 'movie'],
    ]);
    expect(list.items[1]).toMatchObject({
      title: show.title,
      posterUrl: show.posterUrl,
      genre,
      access: 'premium',
      releaseYear: 2020,
    });
  });

  it('recommends a series as one item, because you watched a film its viewers watched too', async () => {
    const genre = newGenre();
    const film = await ctx.publishTitle({ genre });
    const show = await ctx.publishSeries({ genre });
    const decoy = await ctx.publishTitle({ genre });
    const episodes = episodesOf(1, 3);
    for (const userId of viewers(4)) {
      await ctx.watch(userId, film.movieId, 1);
      for (const episode of episodes) await ctx.watchEpisode(userId, show.seriesId, episode, 1);
    }
    await ctx.finishedBy(viewers(4), [decoy.movieId]);
    const viewer = newId();
    await ctx.finishedBy([viewer], [film.movieId]);
    await ctx.rebuild();

    const list = await ctx.recommend(viewer, genre);
    expect(list.source).toBe(RecommendationSource.Personal);
    expect(list.items[0]).toMatchObject({
      movie_id: show.seriesId,
      kind: 'series',
      reason: RecommendationReason.BecauseYouWatched,
      basedOnMovieId: film.movieId,
      reasonText: `Because you watched ${film.title}`,
    });
    expect(list.items.filter((item) => item.movie_id === show.seriesId)).toHaveLength(1);
    for (const episode of episodes) expect(idsOf(list)).not.toContain(episode.id);
    expect(list.items.find((item) => item.movie_id === decoy.movieId)?.kind).toBe('movie');

    // A viewer already watching the series is not offered it again.
    const bingeing = newId();
    await ctx.finishedBy([bingeing], [film.movieId]);
    await ctx.watchEpisode(bingeing, show.seriesId, episodes[0], 0.5);
    await ctx.profileShows(bingeing, show.seriesId);
    expect(idsOf(await ctx.recommend(bingeing, genre))).not.toContain(show.seriesId);
  });

  it('answers "more like this" for a series id, and NotFound for an episode id', async () => {
    const genre = newGenre();
    const show = await ctx.publishSeries({ genre });
    const sibling = await ctx.publishSeries({ genre: newGenre(), cast: show.cast });
    const watchedWith = await ctx.publishTitle({ genre: newGenre() });
    const episodes = episodesOf(1, 2);
    for (const userId of viewers(4)) {
      for (const episode of episodes) await ctx.watchEpisode(userId, show.seriesId, episode, 1);
      await ctx.watch(userId, watchedWith.movieId, 1);
    }
    await ctx.drain();
    await ctx.rebuild();

    const list = await ctx.similar(show.seriesId);
    expect(
      list.items
        .slice(0, 2)
        .map((item) => [item.movie_id, item.kind])
        .sort(),
    ).toEqual(
      [
        [sibling.seriesId, 'series'],
        [watchedWith.movieId, 'movie'],
      ].sort(),
    );
    for (const item of list.items.slice(0, 2)) {
      expect(item).toMatchObject({
        reason: RecommendationReason.Similar,
        reasonText: `More like ${show.title}`,
        basedOnMovieId: show.seriesId,
      });
    }
    expect(idsOf(list)).not.toContain(show.seriesId);
    await expect(ctx.similar(episodes[0].id)).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });

  it('keeps a series edit and takes a drafted or deleted series out of every list', async () => {
    const genre = newGenre();
    const drafted = await ctx.publishSeries({ genre });
    const deleted = await ctx.publishSeries({ genre });
    await ctx.bus.publish('series.updated', {
      seriesId: drafted.seriesId,
      title: 'Renamed',
      genre,
      status: 'published',
    });
    await waitUntil(async () => ctx.catalogue.get(drafted.seriesId)?.title === 'Renamed', 'the edit');
    expect(ctx.catalogue.get(drafted.seriesId)).toMatchObject({ kind: 'series', access: 'premium' });
    expect(idsOf(await ctx.trending(genre)).sort()).toEqual([drafted.seriesId, deleted.seriesId].sort());

    await ctx.bus.publish('series.updated', {
      seriesId: drafted.seriesId,
      title: 'Renamed',
      genre,
      status: 'draft',
    });
    await ctx.bus.publish('series.deleted', { seriesId: deleted.seriesId });
    await waitUntil(
      async () =>
        !ctx.catalogue.isRecommendable(drafted.seriesId) && !ctx.catalogue.isRecommendable(deleted.seriesId),
      'the draft and the delete',
    );
    expect(await ctx.items.findOne(deleted.seriesId)).toMatchObject({ kind: 'series', deleted: true });
    expect(idsOf(await ctx.trending(genre))).toEqual([]);
    await expect(ctx.similar(deleted.seriesId)).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });
});
