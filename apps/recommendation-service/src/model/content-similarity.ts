import type { ItemFeatures, Neighbour } from './model.types';
import { TopK } from './top-k';

// Genre dominates (it is what viewers browse by); a shared director or cast says more than a shared decade.
const GENRE = 0.4;
const DIRECTOR = 0.25;
const CAST = 0.15;
const YEAR = 0.1;
const RATING = 0.1;
/** Release years this far apart count as unrelated (a 1999 and a 2001 film are close though in other decades). */
const YEAR_SPAN = 20;
/** Ratings (0–10) this far apart count as unrelated. */
const RATING_SPAN = 3;

const key = (text: string) => text.trim().toLowerCase();
const closeness = (a: number, b: number, span: number) =>
  Number.isNaN(a) || Number.isNaN(b) ? 0 : Math.max(0, 1 - Math.abs(a - b) / span);

/**
 * The one formula both the string and the indexed paths use, so they agree to the last bit. Dates and ratings only
 * order titles that already share a genre, a director or cast: two unrelated films from the same year are not alike.
 */
const combine = (
  sameGenre: boolean,
  sameDirector: boolean,
  shared: number,
  castA: number,
  castB: number,
  yearA: number,
  yearB: number,
  ratingA: number,
  ratingB: number,
) => {
  if (!sameGenre && !sameDirector && shared === 0) return 0;
  return (
    (sameGenre ? GENRE : 0) +
    (sameDirector ? DIRECTOR : 0) +
    (shared ? (CAST * shared) / Math.sqrt(castA * castB) : 0) +
    YEAR * closeness(yearA, yearB, YEAR_SPAN) +
    RATING * closeness(ratingA, ratingB, RATING_SPAN)
  );
};

const castKeys = (cast: string[]) => [...new Set(cast.map(key).filter(Boolean))];
const orNaN = (value: number | null) => (value === null || !Number.isFinite(value) ? NaN : value);

/** Content similarity of two titles, 0–1 (1 = same genre, director, cast, year and rating). */
export const contentSimilarity = (a: ItemFeatures, b: ItemFeatures): number => {
  const genreA = key(a.genre);
  const directorA = a.director ? key(a.director) : '';
  const castA = castKeys(a.cast);
  const castB = castKeys(b.cast);
  const inA = new Set(castA);
  return combine(
    genreA !== '' && genreA === key(b.genre),
    directorA !== '' && directorA === (b.director ? key(b.director) : ''),
    castB.filter((name) => inA.has(name)).length,
    castA.length,
    castB.length,
    orNaN(a.releaseYear),
    orNaN(b.releaseYear),
    orNaN(a.rating),
    orNaN(b.rating),
  );
};

/** The content-only neighbours of one title among `items` (itself excluded), best first: one pass, O(n log k). */
export const contentNeighbours = (item: ItemFeatures, items: ItemFeatures[], k: number): Neighbour[] => {
  const top = new TopK(k);
  items.forEach((other, i) => {
    if (other.movieId === item.movieId) return;
    const similarity = contentSimilarity(item, other);
    if (similarity > 0) top.push(i, similarity);
  });
  return top.sorted().map(([i, similarity]) => [items[i].movieId, similarity]);
};

/** Titles' features as integer codes, with inverted lists, so the build compares only titles sharing something. */
export type ContentIndex = {
  genre: Int32Array;
  director: Int32Array;
  cast: Int32Array[];
  year: Float64Array;
  rating: Float64Array;
  /** Code → the items having it. */
  byGenre: Int32Array[];
  byDirector: Int32Array[];
  byCast: Int32Array[];
};

const encoder = () => {
  const codes = new Map<string, number>();
  const members: number[][] = [];
  return {
    code: (value: string, item: number) => {
      let code = codes.get(value);
      if (code === undefined) {
        code = members.length;
        codes.set(value, code);
        members.push([]);
      }
      members[code].push(item);
      return code;
    },
    lists: () => members.map((list) => Int32Array.from(list)),
  };
};

export const indexContent = (items: ItemFeatures[]): ContentIndex => {
  const genres = encoder();
  const directors = encoder();
  const casts = encoder();
  const genre = new Int32Array(items.length).fill(-1);
  const director = new Int32Array(items.length).fill(-1);
  const year = new Float64Array(items.length);
  const rating = new Float64Array(items.length);
  const cast = items.map((item, i) => {
    const genreKey = key(item.genre);
    if (genreKey) genre[i] = genres.code(genreKey, i);
    const directorKey = item.director ? key(item.director) : '';
    if (directorKey) director[i] = directors.code(directorKey, i);
    year[i] = orNaN(item.releaseYear);
    rating[i] = orNaN(item.rating);
    return Int32Array.from(castKeys(item.cast).map((name) => casts.code(name, i))).sort();
  });
  return {
    genre,
    director,
    cast,
    year,
    rating,
    byGenre: genres.lists(),
    byDirector: directors.lists(),
    byCast: casts.lists(),
  };
};

const sharedCount = (a: Int32Array, b: Int32Array) => {
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return shared;
};

/** `contentSimilarity` of items `a` and `b` of an index. */
export const indexedSimilarity = (index: ContentIndex, a: number, b: number): number =>
  combine(
    index.genre[a] >= 0 && index.genre[a] === index.genre[b],
    index.director[a] >= 0 && index.director[a] === index.director[b],
    index.cast[a].length && index.cast[b].length ? sharedCount(index.cast[a], index.cast[b]) : 0,
    index.cast[a].length,
    index.cast[b].length,
    index.year[a],
    index.year[b],
    index.rating[a],
    index.rating[b],
  );

/**
 * Calls `visit(j, similarity)` for every item sharing a genre, director or cast member with `item` (the only ones
 * with a non-zero similarity). `seen` is scratch space of one slot per item, holding a stamp per call.
 */
export const forEachContentCandidate = (
  index: ContentIndex,
  item: number,
  seen: Int32Array,
  stamp: number,
  visit: (j: number, similarity: number) => void,
) => {
  const lists: Int32Array[] = [];
  if (index.genre[item] >= 0) lists.push(index.byGenre[index.genre[item]]);
  if (index.director[item] >= 0) lists.push(index.byDirector[index.director[item]]);
  for (const code of index.cast[item]) lists.push(index.byCast[code]);
  seen[item] = stamp;
  for (const list of lists) {
    for (let p = 0; p < list.length; p++) {
      const j = list[p];
      if (seen[j] === stamp) continue;
      seen[j] = stamp;
      visit(j, indexedSimilarity(index, item, j));
    }
  }
};
