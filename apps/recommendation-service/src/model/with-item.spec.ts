import { buildModel } from './build-model';
import { DAY, item, NOW, plain, viewers, watched } from './model.fixtures';
import { scoreUser } from './score';
import { withItem } from './with-item';

describe('withItem', () => {
  const items = [
    item('a', { genre: 'Drama', director: 'Ann Lee', releaseYear: 2001 }),
    item('b', { genre: 'Comedy' }),
    item('c', { genre: 'Horror' }),
  ];
  const built = buildModel(
    items,
    [...watched(viewers('u', 5), ['a', 'b']), ...watched(['v'], ['c'])],
    {},
    NOW,
  );
  const fresh = item('new', { genre: 'Drama', director: 'Ann Lee', releaseYear: 2002 });
  const catalogue = [...items, fresh];

  it('gives a new title its content neighbours and inserts it into theirs, without touching the input', () => {
    const before = plain(built);
    const next = withItem(built, fresh, catalogue);
    expect(next.neighbours.get('new')?.map(([id]) => id)).toEqual(['a']);
    expect(next.neighbours.get('a')?.map(([id]) => id)).toContain('new');
    expect(plain(built)).toEqual(before);
    // Lists it did not change are shared, not copied.
    expect(next.neighbours.get('c')).toBe(built.neighbours.get('c'));
  });

  it('makes the new title appear for viewers of similar titles', () => {
    const profile = [{ movieId: 'a', strength: 3, at: NOW }];
    const options = { limit: 10, exclude: new Set<string>(), isCandidate: () => true };
    expect(scoreUser(built, profile, options).map(({ movieId }) => movieId)).not.toContain('new');
    expect(scoreUser(withItem(built, fresh, catalogue), profile, options)).toContainEqual(
      expect.objectContaining({ movieId: 'new', basedOn: 'a' }),
    );
  });

  it('leaves a full list alone when the new title ranks below its last entry', () => {
    const small = { ...built, options: { ...built.options, neighbours: 1, coldContentWeight: 0.01 } };
    const next = withItem(small, fresh, catalogue);
    expect(next.neighbours.get('a')).toBe(small.neighbours.get('a'));
    expect(next.neighbours.get('a')?.map(([id]) => id)).toEqual(['b']);
  });

  it('weighs an edited title published long ago as a watched one', () => {
    const old = item('old', {
      genre: 'Drama',
      director: 'Ann Lee',
      releaseYear: 2002,
      publishedAt: NOW - 400 * DAY,
    });
    const options = { ...built.options, contentWeight: 0.1, coldContentWeight: 0.5 };
    const next = withItem({ ...built, options }, old, [...items, old]);
    const similarity = new Map(next.neighbours.get('old')).get('a') ?? 0;
    expect(
      similarity / new Map(withItem({ ...built, options }, fresh, catalogue).neighbours.get('new')).get('a')!,
    ).toBeCloseTo(0.1 / 0.5, 10);
  });

  it('is idempotent for an edited title already in the lists', () => {
    const once = withItem(built, fresh, catalogue);
    const twice = withItem(once, fresh, catalogue);
    expect(twice.neighbours).toEqual(once.neighbours);
  });
});
