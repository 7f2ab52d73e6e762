import { buildModel } from './build-model';
import { DAY, item, NOW, viewers, watched } from './model.fixtures';
import { DEFAULT_MODEL_OPTIONS } from './model-options';
import type { ModelSnapshot, ProfileEntry } from './model.types';
import { popular, scoreUser, similarTo } from './score';

/** A hand-made snapshot, so each expectation follows from the numbers in it. */
const model = (neighbours: Record<string, Array<[string, number]>>, recentBoost = 0): ModelSnapshot => ({
  builtAt: NOW,
  buildMillis: 0,
  options: { ...DEFAULT_MODEL_OPTIONS, recentBoost },
  neighbours: new Map(Object.entries(neighbours)),
  popularity: [
    ['p1', 9],
    ['p2', 5],
    ['p3', 1],
  ],
  users: 0,
  interactions: 0,
});

const all = { limit: 10, exclude: new Set<string>(), isCandidate: () => true };
const entry = (movieId: string, strength = 1, at = NOW): ProfileEntry => ({ movieId, strength, at });

describe('scoreUser', () => {
  const snapshot = model({
    a: [
      ['x', 0.5],
      ['y', 0.4],
      ['b', 0.9],
    ],
    b: [
      ['y', 0.3],
      ['z', 0.2],
    ],
  });

  it('sums similarity × strength over the profile, best first, naming the strongest contributor', () => {
    const scored = scoreUser(snapshot, [entry('a', 1), entry('b', 2)], all);
    expect(scored.map(({ movieId }) => movieId)).toEqual(['y', 'x', 'z']);
    expect(scored[0].score).toBeCloseTo(0.4 + 0.6, 10);
    expect(scored[0].basedOn).toBe('b');
    expect(scored[1]).toEqual({ movieId: 'x', score: 0.5, basedOn: 'a' });
    expect(scored[2].basedOn).toBe('b');
  });

  it('skips profile titles, `exclude` and non-candidates, and honours the limit', () => {
    const options = { limit: 10, exclude: new Set(['x']), isCandidate: (id: string) => id !== 'z' };
    expect(scoreUser(snapshot, [entry('a'), entry('b')], options).map(({ movieId }) => movieId)).toEqual([
      'y',
    ]);
    expect(scoreUser(snapshot, [entry('a')], all).map(({ movieId }) => movieId)).toEqual(['b', 'x', 'y']);
    expect(scoreUser(snapshot, [entry('a'), entry('b')], { ...all, limit: 1 })).toHaveLength(1);
    expect(scoreUser(snapshot, [], all)).toEqual([]);
    expect(scoreUser(snapshot, [entry('unknown')], all)).toEqual([]);
  });

  it('looks further down when isCandidate rejects the best many', () => {
    const list = Array.from({ length: 100 }, (_, i): [string, number] => [`n${i}`, 1 - i / 100]);
    const scored = scoreUser(model({ a: list }), [entry('a')], {
      limit: 3,
      exclude: new Set(),
      isCandidate: (id) => Number(id.slice(1)) >= 60,
    });
    expect(scored.map(({ movieId }) => movieId)).toEqual(['n60', 'n61', 'n62']);
  });

  it('weighs the latest titles a little more', () => {
    const profile = [entry('a', 1, NOW - 365 * DAY), entry('c', 1, NOW)];
    const lists = {
      a: [['x', 0.5]] as Array<[string, number]>,
      c: [['w', 0.45]] as Array<[string, number]>,
    };
    expect(scoreUser(model(lists, 0), profile, all)[0].movieId).toBe('x');
    expect(scoreUser(model(lists, 0.5), profile, all)[0].movieId).toBe('w');
  });

  it('recommends what co-viewers watched, from a built model', () => {
    const items = ['a', 'b', 'c', 'd', 'e'].map((id, i) => item(id, { genre: `g${i}` }));
    const built = buildModel(
      items,
      [...watched(viewers('x', 6), ['a', 'b', 'c']), ...watched(viewers('y', 6), ['d', 'e'])],
      {},
      NOW,
    );
    const scored = scoreUser(built, [entry('a', 3)], all);
    expect(scored.map(({ movieId }) => movieId).sort()).toEqual(['b', 'c']);
    expect(scored.every(({ basedOn }) => basedOn === 'a')).toBe(true);
  });
});

describe('similarTo', () => {
  it('lists the title’s neighbours that are candidates, based on it', () => {
    const snapshot = model({
      a: [
        ['x', 0.5],
        ['y', 0.4],
        ['z', 0.1],
      ],
    });
    expect(similarTo(snapshot, 'a', { limit: 2, isCandidate: (id) => id !== 'x' })).toEqual([
      { movieId: 'y', score: 0.4, basedOn: 'a' },
      { movieId: 'z', score: 0.1, basedOn: 'a' },
    ]);
    expect(similarTo(snapshot, 'unknown', all)).toEqual([]);
  });
});

describe('popular', () => {
  it('lists the most popular candidates, based on nothing', () => {
    expect(popular(model({}), { limit: 2, isCandidate: (id) => id !== 'p1' })).toEqual([
      { movieId: 'p2', score: 5, basedOn: null },
      { movieId: 'p3', score: 1, basedOn: null },
    ]);
  });
});
