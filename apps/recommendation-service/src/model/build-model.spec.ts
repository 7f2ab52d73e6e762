import { buildModel } from './build-model';
import { DAY, item, NOW, plain, viewers, watched } from './model.fixtures';
import type { Interaction, ModelSnapshot } from './model.types';
import { scoreUser } from './score';

const ids = (model: ModelSnapshot, movieId: string) =>
  (model.neighbours.get(movieId) ?? []).map(([id]) => id);

describe('buildModel', () => {
  // Different genres, so content similarity cannot explain what co-watching finds.
  const items = ['a', 'b', 'c', 'd'].map((id, i) => item(id, { genre: `g${i}` }));
  const coOnly = { contentWeight: 0, coldContentWeight: 0 };

  it('makes titles watched by the same viewers neighbours', () => {
    const interactions = [...watched(viewers('x', 5), ['a', 'b']), ...watched(viewers('y', 5), ['c', 'd'])];
    const model = buildModel(items, interactions, coOnly, NOW);
    expect(ids(model, 'a')).toEqual(['b']);
    expect(ids(model, 'c')).toEqual(['d']);
    expect(model.neighbours.get('a')?.[0][1]).toBeCloseTo(5 / (5 + model.options.shrinkage), 10);
    expect(model.users).toBe(10);
    expect(model.interactions).toBe(20);
  });

  it('shrinks pairs seen together by few viewers', () => {
    // b: one co-viewer, cosine 0.71; c: two co-viewers, cosine 0.45.
    const interactions = [
      ...watched(['u1', 'u2'], ['a']),
      ...watched(['u1'], ['b']),
      ...watched(['u1', 'u2', ...viewers('o', 8)], ['c']),
    ];
    expect(ids(buildModel(items, interactions, { ...coOnly, shrinkage: 0 }, NOW), 'a')).toEqual(['b', 'c']);
    expect(ids(buildModel(items, interactions, { ...coOnly, shrinkage: 10 }, NOW), 'a')).toEqual(['c', 'b']);
  });

  it('gives a title nobody watched content neighbours, and puts it in theirs', () => {
    const catalogue = [
      item('a', { genre: 'Drama', director: 'Ann Lee' }),
      item('b', { genre: 'Comedy' }),
      item('cold', { genre: 'Drama', director: 'Ann Lee' }),
    ];
    const model = buildModel(catalogue, watched(viewers('u', 5), ['a', 'b']), { contentWeight: 0.3 }, NOW);
    expect(ids(model, 'cold')).toEqual(['a']);
    expect(ids(model, 'a')).toContain('cold');
    expect(model.popularity.map(([id]) => id)).not.toContain('cold');
  });

  describe('new titles', () => {
    const options = { contentWeight: 0.1, coldContentWeight: 0.5, newTitleDays: 30 };
    const drama = { genre: 'Drama', director: 'Ann Lee' };
    const similarityIn = (model: ModelSnapshot, list: string, id: string) =>
      new Map(model.neighbours.get(list)).get(id);

    it('weighs content by coldContentWeight for a title nobody watched, by contentWeight for a watched one', () => {
      const catalogue = [
        item('a', drama),
        item('b', { genre: 'Comedy' }),
        item('seen', drama),
        item('cold', drama),
      ];
      const interactions = [...watched(viewers('u', 5), ['a', 'b']), ...watched(['v'], ['seen'])];
      const model = buildModel(catalogue, interactions, options, NOW);
      expect(similarityIn(model, 'a', 'cold')).toBeCloseTo(0.5 * 0.65, 10);
      expect(similarityIn(model, 'a', 'seen')).toBeCloseTo(0.1 * 0.65, 10);
    });

    it('go by publication date when known: an old unwatched title is not promoted, a recent watched one is', () => {
      const catalogue = [
        item('a', drama),
        item('b', { genre: 'Comedy' }),
        item('old', { ...drama, publishedAt: NOW - 400 * DAY }),
        item('recent', { ...drama, publishedAt: NOW - 10 * DAY }),
      ];
      const interactions = [...watched(viewers('u', 5), ['a', 'b']), ...watched(['v'], ['recent'])];
      const model = buildModel(catalogue, interactions, options, NOW);
      expect(similarityIn(model, 'a', 'old')).toBeCloseTo(0.1 * 0.65, 10);
      expect(similarityIn(model, 'a', 'recent')).toBeCloseTo(0.5 * 0.65, 10);
      expect(
        similarityIn(buildModel(catalogue, interactions, options, NOW + 30 * DAY), 'a', 'recent'),
      ).toBeCloseTo(0.1 * 0.65, 10);
    });

    it('join only the lists of their nearest titles by content, not every list of their genre', () => {
      const catalogue = [
        item('fresh', { genre: 'Drama', releaseYear: 2000 }),
        ...Array.from({ length: 6 }, (_, i) => item(`d${i}`, { genre: 'Drama', releaseYear: 2000 + 3 * i })),
      ];
      const interactions = watched(['u'], ['d0', 'd1', 'd2', 'd3', 'd4', 'd5']);
      const model = buildModel(catalogue, interactions, { ...options, neighbours: 2 }, NOW);
      expect(model.neighbours.get('fresh')?.map(([id]) => id)).toEqual(['d0', 'd1']);
      const listsWithFresh = [...model.neighbours].filter(([, list]) => list.some(([id]) => id === 'fresh'));
      expect(listsWithFresh.map(([id]) => id).sort()).toEqual(['d0', 'd1']);
    });
  });

  it('ignores titles missing from the catalogue and merges repeated rows', () => {
    const interactions: Interaction[] = [
      ...watched(['u1', 'u2'], ['a', 'b', 'ghost']),
      { userId: 'u1', movieId: 'a', strength: 1, at: NOW - 5 * DAY },
      { userId: 'u3', movieId: 'c', strength: 0, at: NOW },
    ];
    const model = buildModel(items, interactions, {}, NOW);
    expect(model.interactions).toBe(4);
    expect(model.users).toBe(2);
    expect(model.neighbours.has('ghost')).toBe(false);
    expect([...model.neighbours.values()].flat().map(([id]) => id)).not.toContain('ghost');
    expect(model.popularity.map(([id]) => id).sort()).toEqual(['a', 'b']);
    expect(model.popularity[0][1]).toBeCloseTo(2 * 2 ** (-1 / model.options.popularityHalfLifeDays), 10);
  });

  it('ranks popularity by distinct viewers, recent viewing first', () => {
    const interactions = [
      ...watched(viewers('old', 3), ['a'], 3, NOW - 365 * DAY),
      ...watched(viewers('new', 2), ['b'], 3, NOW - DAY),
      ...watched(viewers('mid', 1), ['c'], 3, NOW - DAY),
    ];
    expect(buildModel(items, interactions, {}, NOW).popularity.map(([id]) => id)).toEqual(['b', 'c', 'a']);
    const noDecay = buildModel(items, interactions, { popularityHalfLifeDays: 0 }, NOW);
    expect(noDecay.popularity).toEqual([
      ['a', 3],
      ['b', 2],
      ['c', 1],
    ]);
  });

  it('keeps at most `neighbours` per title, best first', () => {
    const catalogue = Array.from({ length: 30 }, (_, i) =>
      item(`t${i}`, { genre: 'Drama', releaseYear: 1980 + i }),
    );
    const model = buildModel(catalogue, [], { neighbours: 5, contentWeight: 1 }, NOW);
    const list = model.neighbours.get('t10') ?? [];
    // Nearest release years first; a tie goes to the title listed first.
    expect(list.map(([id]) => id)).toEqual(['t9', 't11', 't8', 't12', 't7']);
  });

  it('survives structured clone: the copy scores the same', () => {
    const interactions = [
      ...watched(viewers('x', 5), ['a', 'b', 'c']),
      ...watched(viewers('y', 3), ['c', 'd']),
    ];
    const model = buildModel(items, interactions, {}, NOW);
    const copy = structuredClone(model);
    const options = { limit: 10, exclude: new Set<string>(), isCandidate: () => true };
    const profile = [{ movieId: 'a', strength: 3, at: NOW }];
    expect(plain(copy)).toEqual(plain(model));
    expect(scoreUser(copy, profile, options)).toEqual(scoreUser(model, profile, options));
    expect(scoreUser(model, profile, options).length).toBeGreaterThan(0);
  });
});
