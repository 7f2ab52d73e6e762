/**
 * What an optimistic removal took out of a cached list, so a failed call puts back that one item where it was
 * (restoring a whole snapshot would also undo other changes made meanwhile).
 */
export type Taken<T> = { item: T; index: number } | null;

export const takeOut = <T>(list: readonly T[], matches: (item: T) => boolean): [T[], Taken<T>] => {
  const index = list.findIndex(matches);
  if (index < 0) return [[...list], null];
  return [list.filter((_, at) => at !== index), { item: list[index], index }];
};

/** Puts a taken item back at its place, unless the list has it again (a refetch brought it back). */
export const putBack = <T>(list: readonly T[], taken: Taken<T>, matches: (item: T) => boolean): T[] => {
  if (!taken || list.some(matches)) return [...list];
  const next = [...list];
  next.splice(Math.min(taken.index, next.length), 0, taken.item);
  return next;
};
