import { forEachContentCandidate, indexContent, indexedSimilarity } from './content-similarity';
import { DAY_MS, DEFAULT_MODEL_OPTIONS } from './model-options';
import { isNewTitle } from './new-title';
import type { Interaction, ItemFeatures, ModelOptions, ModelSnapshot, Neighbour } from './model.types';
import { TopK } from './top-k';

/**
 * Co-watching costs Σ (titles per viewer)², so one account with thousands of titles (shared, a bot, a tester) could
 * dominate the build: only its latest titles count toward co-watching (all of them still count for popularity).
 */
const MAX_TITLES_PER_VIEWER = 500;

/** Compressed rows: row r of owner o is at `start[o] <= r < start[o + 1]`. */
type Rows = { start: Int32Array; ids: Int32Array; strength: Float64Array; at: Float64Array };

/** Interactions with known titles grouped by viewer (integer ids), one row per (viewer, title): strongest, latest. */
const byViewer = (index: Map<string, number>, interactions: Iterable<Interaction>): Rows => {
  const users = new Map<string, number>();
  const rowUser: number[] = [];
  const rowItem: number[] = [];
  const rowStrength: number[] = [];
  const rowAt: number[] = [];
  for (const { userId, movieId, strength, at } of interactions) {
    const item = index.get(movieId);
    if (item === undefined || !(strength > 0)) continue;
    let user = users.get(userId);
    if (user === undefined) users.set(userId, (user = users.size));
    rowUser.push(user);
    rowItem.push(item);
    rowStrength.push(strength);
    rowAt.push(Number.isFinite(at) ? at : 0);
  }
  // Counting sort by viewer, then duplicates merged while copying.
  const from = new Int32Array(users.size + 1);
  for (const user of rowUser) from[user + 1]++;
  for (let u = 0; u < users.size; u++) from[u + 1] += from[u];
  const fill = from.slice(0, users.size);
  const order = new Int32Array(rowUser.length);
  for (let r = 0; r < rowUser.length; r++) order[fill[rowUser[r]]++] = r;
  const start = new Int32Array(users.size + 1);
  const ids = new Int32Array(rowUser.length);
  const strength = new Float64Array(rowUser.length);
  const at = new Float64Array(rowUser.length);
  const slot = new Int32Array(index.size).fill(-1);
  let rows = 0;
  for (let u = 0; u < users.size; u++) {
    start[u] = rows;
    for (let p = from[u]; p < from[u + 1]; p++) {
      const r = order[p];
      const existing = slot[rowItem[r]];
      if (existing >= start[u]) {
        strength[existing] = Math.max(strength[existing], rowStrength[r]);
        at[existing] = Math.max(at[existing], rowAt[r]);
        continue;
      }
      slot[rowItem[r]] = rows;
      ids[rows] = rowItem[r];
      strength[rows] = rowStrength[r];
      at[rows++] = rowAt[r];
    }
  }
  start[users.size] = rows;
  return {
    start,
    ids: ids.subarray(0, rows),
    strength: strength.subarray(0, rows),
    at: at.subarray(0, rows),
  };
};

/** Each viewer's rows capped to their latest MAX_TITLES_PER_VIEWER. */
const capped = (viewers: Rows): Rows => {
  const owners = viewers.start.length - 1;
  let heavy = false;
  for (let u = 0; u < owners && !heavy; u++)
    heavy = viewers.start[u + 1] - viewers.start[u] > MAX_TITLES_PER_VIEWER;
  if (!heavy) return viewers;
  const start = new Int32Array(owners + 1);
  const ids: number[] = [];
  const strength: number[] = [];
  const at: number[] = [];
  for (let u = 0; u < owners; u++) {
    start[u] = ids.length;
    const rows = Array.from(
      { length: viewers.start[u + 1] - viewers.start[u] },
      (_, i) => viewers.start[u] + i,
    );
    if (rows.length > MAX_TITLES_PER_VIEWER) rows.sort((a, b) => viewers.at[b] - viewers.at[a]);
    for (const r of rows.slice(0, MAX_TITLES_PER_VIEWER)) {
      ids.push(viewers.ids[r]);
      strength.push(viewers.strength[r]);
      at.push(viewers.at[r]);
    }
  }
  start[owners] = ids.length;
  return {
    start,
    ids: Int32Array.from(ids),
    strength: Float64Array.from(strength),
    at: Float64Array.from(at),
  };
};

/** The same rows grouped by title: `ids` are viewers. */
const transpose = (viewers: Rows, items: number): Rows => {
  const start = new Int32Array(items + 1);
  for (const item of viewers.ids) start[item + 1]++;
  for (let i = 0; i < items; i++) start[i + 1] += start[i];
  const fill = start.slice(0, items);
  const ids = new Int32Array(viewers.ids.length);
  const strength = new Float64Array(viewers.ids.length);
  const at = new Float64Array(viewers.ids.length);
  for (let u = 0; u + 1 < viewers.start.length; u++) {
    for (let r = viewers.start[u]; r < viewers.start[u + 1]; r++) {
      const p = fill[viewers.ids[r]]++;
      ids[p] = u;
      strength[p] = viewers.strength[r];
      at[p] = viewers.at[r];
    }
  }
  return { start, ids, strength, at };
};

/**
 * Item-based kNN on implicit feedback: cosine between titles' viewer-strength vectors, shrunk by
 * n / (n + shrinkage) for n co-viewers, blended with content similarity (contentWeight); new titles (see
 * `newTitleDays`) get content neighbours at coldContentWeight so they reach viewers before anyone has co-watched
 * them. Plus popularity: distinct viewers, each weighted by the age of their last interaction.
 * O(Σ titles-per-viewer² + Σ genre-group sizes) time, O(interactions + titles × neighbours) memory.
 * Titles absent from `items` (unknown or deleted) are ignored; so are rows with no strength.
 */
export const buildModel = (
  items: ItemFeatures[],
  interactions: Iterable<Interaction>,
  options: Partial<ModelOptions> = {},
  now = Date.now(),
): ModelSnapshot => {
  const startedAt = performance.now();
  // An option given as undefined keeps its default.
  const given = Object.entries(options).filter(([, value]) => value !== undefined);
  const settings: ModelOptions = { ...DEFAULT_MODEL_OPTIONS, ...Object.fromEntries(given) };
  const { neighbours: k, shrinkage, contentWeight, coldContentWeight } = settings;
  const index = new Map<string, number>();
  const catalogue: ItemFeatures[] = [];
  for (const item of items) {
    if (index.has(item.movieId)) continue;
    index.set(item.movieId, catalogue.length);
    catalogue.push(item);
  }
  const n = catalogue.length;
  const viewers = byViewer(index, interactions);
  const coViewers = capped(viewers);
  const titles = transpose(coViewers, n);

  const popularity = new Float64Array(n);
  const halfLife = settings.popularityHalfLifeDays * DAY_MS;
  for (let r = 0; r < viewers.ids.length; r++) {
    const age = Math.max(0, now - viewers.at[r]);
    popularity[viewers.ids[r]] += halfLife > 0 ? 2 ** (-age / halfLife) : 1;
  }

  const norm = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let p = titles.start[i]; p < titles.start[i + 1]; p++) sum += titles.strength[p] ** 2;
    norm[i] = Math.sqrt(sum);
  }

  const content = contentWeight > 0 || coldContentWeight > 0 ? indexContent(catalogue) : null;
  const coWeight = 1 - contentWeight;
  const seen = new Int32Array(n);
  const top = new TopK(k);

  // A new title has had no time to be co-watched: content stands in (× coldContentWeight, or the blend if larger).
  // It takes its k nearest by content and joins their lists, as `withItem` does between builds, rather than every
  // list of its genre.
  const fresh = Uint8Array.from(catalogue, (item, i) =>
    isNewTitle(item, titles.start[i + 1] - titles.start[i], now, settings.newTitleDays) ? 1 : 0,
  );
  const joining: Array<Array<[number, number]> | undefined> = new Array(n);
  if (content && coldContentWeight > 0) {
    for (let j = 0; j < n; j++) {
      if (!fresh[j]) continue;
      top.clear();
      forEachContentCandidate(content, j, seen, -(j + 1), (x, similarity) => {
        if (similarity > 0) top.push(x, coldContentWeight * similarity);
      });
      for (const [x, similarity] of top.sorted()) (joining[x] ??= []).push([j, similarity]);
    }
  }
  const freshContentWeight = Math.max(contentWeight, coldContentWeight);

  const dot = new Float64Array(n);
  const together = new Int32Array(n);
  const touched = new Int32Array(n);
  const joined = new Int32Array(n);
  const joinedSimilarity = new Float64Array(n);
  const lists = new Map<string, Neighbour[]>();
  for (let i = 0; i < n; i++) {
    top.clear();
    const stamp = i + 1;
    // New titles that chose this one; a new title's own pass below weighs every candidate itself.
    const joins = fresh[i] ? [] : (joining[i] ?? []);
    for (const [j, similarity] of joins) {
      joined[j] = stamp;
      joinedSimilarity[j] = similarity;
    }
    let count = 0;
    if (coWeight > 0) {
      for (let p = titles.start[i]; p < titles.start[i + 1]; p++) {
        const u = titles.ids[p];
        const s = titles.strength[p];
        for (let q = coViewers.start[u]; q < coViewers.start[u + 1]; q++) {
          const j = coViewers.ids[q];
          if (j === i) continue;
          if (together[j] === 0) touched[count++] = j;
          together[j]++;
          dot[j] += s * coViewers.strength[q];
        }
      }
    }
    for (let t = 0; t < count; t++) {
      const j = touched[t];
      const cosine = dot[j] / (norm[i] * norm[j]);
      const shrunk = (cosine * together[j]) / (together[j] + shrinkage);
      const similarity = content ? indexedSimilarity(content, i, j) : 0;
      let blended = coWeight * shrunk + contentWeight * similarity;
      if (fresh[i]) blended = Math.max(blended, coldContentWeight * similarity);
      else if (joined[j] === stamp) {
        blended = Math.max(blended, joinedSimilarity[j]);
        joined[j] = 0;
      }
      top.push(j, blended);
      seen[j] = stamp;
      dot[j] = 0;
      together[j] = 0;
    }
    if (content && (fresh[i] || contentWeight > 0)) {
      forEachContentCandidate(content, i, seen, stamp, (j, similarity) => {
        if (similarity <= 0) return;
        if (fresh[i]) top.push(j, freshContentWeight * similarity);
        else if (!fresh[j]) top.push(j, contentWeight * similarity);
      });
    }
    for (const [j, similarity] of joins) if (joined[j] === stamp) top.push(j, similarity);
    const list: Neighbour[] = [];
    for (const [j, similarity] of top.sorted())
      if (similarity > 0) list.push([catalogue[j].movieId, similarity]);
    if (list.length) lists.set(catalogue[i].movieId, list);
  }

  const ranked: Neighbour[] = [];
  for (let i = 0; i < n; i++) if (popularity[i] > 0) ranked.push([catalogue[i].movieId, popularity[i]]);
  ranked.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));

  return {
    builtAt: now,
    buildMillis: Math.round(performance.now() - startedAt),
    options: settings,
    neighbours: lists,
    popularity: ranked,
    users: viewers.start.length - 1,
    interactions: viewers.ids.length,
  };
};
