import { interactionStrength } from '../model';
import type { InteractionState } from './interaction-rules';
import { foldChanges, isWatched, itemOfReport, nextState, watchedOf } from './interaction-rules';

const userId = 'a'.repeat(24);
const movieId = 'b'.repeat(24);
const viewer = { userId, profileId: userId };
const t = (minute: number) => Date.UTC(2025, 5, 1, 12, minute);

const state = (overrides: Partial<InteractionState> = {}): InteractionState => ({
  userId,
  profileId: userId,
  movieId,
  version: 1,
  watchedFraction: 0.4,
  finished: false,
  favorite: false,
  favoriteAt: 0,
  paid: false,
  strength: interactionStrength({ watchedFraction: 0.4, finished: false, favorite: false, paid: false }),
  at: t(0),
  ...overrides,
});

describe('interaction rules', () => {
  describe('the share a report reached', () => {
    it.each([
      ['the start', 0, { fraction: 0, finished: false }],
      ['a whole percent, stored exactly', 1566, { fraction: 0.29, finished: false }],
      ['just under a percent step, floored', 1619.9, { fraction: 0.29, finished: false }],
      ['89.9 %', 4854.6, { fraction: 0.89, finished: false }],
      ['90 %: finished', 4860, { fraction: 0.9, finished: true }],
      ['past the end: the whole film', 6000, { fraction: 1, finished: true }],
    ])('at %s', (_, positionSeconds, expected) => {
      expect(watchedOf(positionSeconds, 5400)).toEqual(expected);
    });

    it('is unknown without a duration', () => {
      expect(watchedOf(100, null)).toBeNull();
      expect(watchedOf(100, 0)).toBeNull();
    });
  });

  describe('the item a report is about', () => {
    const seriesId = 'c'.repeat(24);

    it('is the title for a movie', () => {
      expect(itemOfReport({ movieId })).toBe(movieId);
      expect(itemOfReport({ movieId, episode: null })).toBe(movieId);
    });

    it('is the series for an episode, never the episode', () => {
      expect(
        itemOfReport({ movieId: 'e'.repeat(24), episode: { seriesId, seasonNumber: 2, episodeNumber: 7 } }),
      ).toBe(seriesId);
    });
  });

  it('weighs a series watched across many episodes no more than a finished film', () => {
    const finishedFilm = interactionStrength({
      watchedFraction: 1,
      finished: true,
      favorite: false,
      paid: false,
    });
    // Six episodes of one series, each watched to its end, then one sampled: all on the series' one record.
    let series: InteractionState | null = null;
    const shares = [0.3, 0.95, 1, 0.97, 1, 1, 0.1];
    shares.forEach((share, i) => {
      const watched = watchedOf(share * 1800, 1800);
      if (!watched) throw new Error('a duration was given');
      series = nextState(viewer, movieId, series, { kind: 'watched', ...watched, at: t(i) }) ?? series;
    });
    expect(series).toMatchObject({ watchedFraction: 1, finished: true, strength: finishedFilm, version: 3 });
    // Favorite and payment add to a series as they do to a film.
    expect(nextState(viewer, movieId, series, { kind: 'favorite', favorite: true, at: t(9) })?.strength).toBe(
      finishedFilm +
        interactionStrength({ watchedFraction: 0, finished: false, favorite: true, paid: false }),
    );
  });

  it('counts a title as watched from the resume range on, or finished', () => {
    expect(isWatched({ watchedFraction: 0.04, finished: false })).toBe(false);
    expect(isWatched({ watchedFraction: 0.05, finished: false })).toBe(true);
    expect(isWatched({ watchedFraction: 0.5, finished: true })).toBe(true);
  });

  describe('the next record', () => {
    it('starts a record at version 1 with the strength of its signals', () => {
      expect(
        nextState(viewer, movieId, null, { kind: 'watched', fraction: 0.5, finished: false, at: t(1) }),
      ).toEqual({
        userId,
        profileId: userId,
        movieId,
        version: 1,
        watchedFraction: 0.5,
        finished: false,
        favorite: false,
        favoriteAt: 0,
        paid: false,
        strength: interactionStrength({
          watchedFraction: 0.5,
          finished: false,
          favorite: false,
          paid: false,
        }),
        at: t(1),
      });
    });

    it('grows the share and bumps the version', () => {
      expect(
        nextState(viewer, movieId, state(), { kind: 'watched', fraction: 0.6, finished: false, at: t(2) }),
      ).toMatchObject({ version: 2, watchedFraction: 0.6, at: t(2) });
    });

    it.each([
      ['the same share (a redelivery)', 0.4],
      ['a smaller share (a rewind, a late report)', 0.1],
    ])('changes nothing for %s', (_, fraction) => {
      expect(
        nextState(viewer, movieId, state(), { kind: 'watched', fraction, finished: false, at: t(5) }),
      ).toBeNull();
    });

    it('keeps finished once reached', () => {
      const finished = state({ watchedFraction: 0.95, finished: true });
      expect(
        nextState(viewer, movieId, finished, { kind: 'watched', fraction: 0.2, finished: false, at: t(5) }),
      ).toBeNull();
    });

    it('never moves `at` back for an older event that still adds a signal', () => {
      expect(nextState(viewer, movieId, state({ at: t(10) }), { kind: 'paid', at: t(1) })).toMatchObject({
        paid: true,
        at: t(10),
      });
    });

    it('counts a purchase once', () => {
      expect(nextState(viewer, movieId, state({ paid: true }), { kind: 'paid', at: t(3) })).toBeNull();
    });

    it('follows the latest favorite event and ignores older or repeated ones', () => {
      const added = nextState(viewer, movieId, state(), { kind: 'favorite', favorite: true, at: t(5) });
      expect(added).toMatchObject({ favorite: true, favoriteAt: t(5), version: 2 });
      expect(
        added &&
          added.strength >
            interactionStrength({ watchedFraction: 0.4, finished: false, favorite: false, paid: false }),
      ).toBe(true);
      expect(nextState(viewer, movieId, added, { kind: 'favorite', favorite: true, at: t(5) })).toBeNull();
      expect(nextState(viewer, movieId, added, { kind: 'favorite', favorite: false, at: t(4) })).toBeNull();
      expect(
        nextState(viewer, movieId, added, { kind: 'favorite', favorite: false, at: t(6) }),
      ).toMatchObject({
        favorite: false,
        favoriteAt: t(6),
      });
    });

    it('records a removal that comes first, so an older add delivered after it changes nothing', () => {
      const removed = nextState(viewer, movieId, null, { kind: 'favorite', favorite: false, at: t(5) });
      expect(removed).toMatchObject({ favorite: false, favoriteAt: t(5), strength: 0 });
      expect(nextState(viewer, movieId, removed, { kind: 'favorite', favorite: true, at: t(4) })).toBeNull();
    });
  });

  describe('several changes of one read', () => {
    const watched = (fraction: number, minute: number) =>
      ({ kind: 'watched', fraction, finished: fraction >= 0.9, at: t(minute) }) as const;

    it('end where applying them one at a time ends, one version after the record', () => {
      const changes = [
        watched(0.5, 1),
        watched(0.3, 2),
        { kind: 'favorite', favorite: true, at: t(3) } as const,
      ];
      let oneAtATime: InteractionState = state();
      for (const change of changes) oneAtATime = nextState(viewer, movieId, oneAtATime, change) ?? oneAtATime;
      expect(foldChanges(viewer, movieId, state(), changes)).toEqual({ ...oneAtATime, version: 2 });
    });

    it('start a new record at version 1', () => {
      expect(foldChanges(viewer, movieId, null, [watched(0.2, 1), watched(0.95, 2)])).toMatchObject({
        version: 1,
        watchedFraction: 0.95,
        finished: true,
      });
    });

    it('write nothing when none adds anything', () => {
      expect(foldChanges(viewer, movieId, state(), [watched(0.3, 1), watched(0.4, 2)])).toBeNull();
      expect(foldChanges(viewer, movieId, null, [])).toBeNull();
    });
  });
});
