import { buildModel } from './build-model';
import { contentNeighbours, contentSimilarity } from './content-similarity';
import { item } from './model.fixtures';

describe('contentSimilarity', () => {
  const base = item('a', {
    genre: 'Drama',
    director: 'Ann Lee',
    cast: ['X', 'Y'],
    releaseYear: 1999,
    rating: 7.5,
  });

  it('is 1 for identical features and 0 when nothing categorical is shared', () => {
    expect(contentSimilarity(base, { ...base, movieId: 'b' })).toBeCloseTo(1, 10);
    expect(contentSimilarity(base, item('b', { genre: 'Horror', releaseYear: 1999, rating: 7.5 }))).toBe(0);
  });

  it('ranks shared director and cast above genre alone, and a close year above a far one', () => {
    const genreOnly = contentSimilarity(base, item('b', { genre: 'drama ' }));
    const director = contentSimilarity(base, item('c', { genre: 'Drama', director: 'ann lee' }));
    const cast = contentSimilarity(base, item('d', { genre: 'Drama', cast: ['Y'] }));
    const close = contentSimilarity(base, item('e', { genre: 'Drama', releaseYear: 2001 }));
    const far = contentSimilarity(base, item('f', { genre: 'Drama', releaseYear: 1950 }));
    expect(genreOnly).toBeGreaterThan(0);
    expect(director).toBeGreaterThan(genreOnly);
    expect(cast).toBeGreaterThan(genreOnly);
    expect(close).toBeGreaterThan(far);
    expect(far).toBe(genreOnly);
    // Another genre by the same director still counts.
    expect(contentSimilarity(base, item('g', { genre: 'Comedy', director: 'Ann Lee' }))).toBeGreaterThan(0);
  });
});

describe('contentNeighbours', () => {
  const items = [
    item('a', { genre: 'Drama', director: 'Ann Lee', releaseYear: 2000, rating: 8 }),
    item('b', { genre: 'Drama', director: 'Ann Lee', releaseYear: 2002, rating: 7.9 }),
    item('c', { genre: 'Drama', releaseYear: 1960, rating: 5 }),
    item('d', { genre: 'Horror', releaseYear: 2000, rating: 8 }),
    item('e', { genre: 'Comedy', cast: ['Z'] }),
    item('f', { genre: 'Drama', releaseYear: 2001, rating: 8 }),
  ];

  it('finds a cold title its neighbours from features alone, itself and unrelated titles excluded', () => {
    const neighbours = contentNeighbours(items[0], items, 10);
    expect(neighbours.map(([id]) => id)).toEqual(['b', 'f', 'c']);
    expect(contentNeighbours(items[0], items, 1)).toEqual([neighbours[0]]);
  });

  it('agrees exactly with the build’s indexed path', () => {
    const many = [...items, item('g', { genre: 'Comedy', cast: ['z', 'W'], director: 'Ann Lee' })];
    const model = buildModel(many, [], { contentWeight: 1, coldContentWeight: 1, neighbours: 3 });
    for (const title of many) {
      expect(model.neighbours.get(title.movieId) ?? []).toEqual(contentNeighbours(title, many, 3));
    }
  });
});
