import { contentNeighbours } from './content-similarity';
import type { ItemFeatures, ModelSnapshot, Neighbour } from './model.types';
import { isNewTitle } from './new-title';

const byScore = (a: Neighbour, b: Neighbour) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);

/** `list` with `[movieId, similarity]` in its place (keeping the larger similarity if present), at most k long. */
const inserted = (list: Neighbour[], movieId: string, similarity: number, k: number): Neighbour[] | null => {
  const at = list.findIndex(([id]) => id === movieId);
  if (at >= 0 && list[at][1] >= similarity) return null;
  if (at < 0 && list.length >= k && byScore([movieId, similarity], list[list.length - 1]) > 0) return null;
  const next = list.filter(([id]) => id !== movieId);
  next.push([movieId, similarity]);
  return next.sort(byScore).slice(0, k);
};

/**
 * A title published or edited since the last build gets its content neighbours, weighted as the build weighs them
 * (the larger of contentWeight and coldContentWeight × content similarity when either title is new, contentWeight ×
 * it otherwise), and joins its neighbours' lists where it ranks, so similar viewers see it before the next rebuild.
 * An edited title keeps its co-watching neighbours; entries its old features earned stay until the rebuild. Pure:
 * returns a new snapshot sharing every list it did not change.
 */
export const withItem = (model: ModelSnapshot, item: ItemFeatures, items: ItemFeatures[]): ModelSnapshot => {
  const { neighbours: k, contentWeight, coldContentWeight, newTitleDays } = model.options;
  const watched = new Set(model.popularity.map(([id]) => id));
  const isNew = (title: ItemFeatures | undefined) =>
    !!title && isNewTitle(title, watched.has(title.movieId) ? 1 : 0, model.builtAt, newTitleDays);
  const byId = new Map(items.map((title) => [title.movieId, title]));
  const weight = (other: string) =>
    isNew(item) || isNew(byId.get(other)) ? Math.max(contentWeight, coldContentWeight) : contentWeight;
  const own: Neighbour[] = contentNeighbours(item, items, k)
    .map(([id, similarity]): Neighbour => [id, weight(id) * similarity])
    .filter(([id, similarity]) => similarity > 0 && id !== item.movieId);
  if (!own.length) return model;
  const lists = new Map(model.neighbours);
  let mine = model.neighbours.get(item.movieId) ?? [];
  for (const [id, similarity] of own) mine = inserted(mine, id, similarity, k) ?? mine;
  lists.set(item.movieId, mine);
  for (const [id, similarity] of own) {
    const next = inserted(lists.get(id) ?? [], item.movieId, similarity, k);
    if (next) lists.set(id, next);
  }
  return { ...model, neighbours: lists };
};
