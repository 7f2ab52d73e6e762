import type { Model, QueryFilter, UpdateQuery } from 'mongoose';
import { isDuplicateKeyError, unlessDuplicate } from './duplicate-key';

/**
 * One conditional upsert, no read: applies `update` where `filter` matches, or inserts when no record of the
 * unique key exists. When a record exists but the filter misses it (it holds something as new or newer), the
 * upsert's insert is refused by the unique index. A refusal can also mean a concurrent first write inserted the
 * record between our filter and our insert (MongoDB does not retry an upsert whose filter is more than the index
 * key), so the update runs once more without upsert: it applies if that record matches now, and misses if not.
 * Returns whether the update was applied.
 */
export const conditionalUpsert = async <T>(
  model: Model<T>,
  filter: QueryFilter<T>,
  update: UpdateQuery<T>,
): Promise<boolean> => {
  // Memoised by mongoose: the unique index must exist before the first upsert relies on it.
  await model.init();
  const upserted = await unlessDuplicate(model.updateOne(filter, update, { upsert: true }).exec(), null);
  if (upserted) return true;
  const { matchedCount } = await model.updateOne(filter, update).exec();
  return matchedCount > 0;
};

/** One conditional upsert of a batch: `key` names the record it writes (its unique key's values, in any form). */
export type KeyedUpsert<T> = { key: string; filter: QueryFilter<T>; update: UpdateQuery<T> };

/** The write indexes a unique index refused in an unordered bulk write; any other failure throws. */
const refusedIndexes = (error: unknown): number[] => {
  const writeErrors =
    typeof error === 'object' && error !== null && 'writeErrors' in error ? error.writeErrors : null;
  const refused = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
  if (refused.length === 0 || !refused.every(isDuplicateKeyError)) throw error;
  return refused.map((writeError: { index: number }) => writeError.index);
};

type WriteCounts = { matchedCount?: number; insertedCount?: number; upsertedCount?: number };
const appliedOf = (counts: WriteCounts | undefined) =>
  (counts?.matchedCount ?? 0) + (counts?.insertedCount ?? 0) + (counts?.upsertedCount ?? 0);

/**
 * One unordered bulk write in one round trip: answers how many of its writes applied (matched, inserted or upserted)
 * and the indexes of those a unique index refused, which the caller settles; any other failure throws, as does a
 * write mongoose cannot cast (by default it would be left out, silently).
 */
export const unorderedBulkWrite = async <T>(
  model: Model<T>,
  operations: unknown[],
): Promise<{ applied: number; refused: number[] }> => {
  try {
    // Mongoose types a generic model's operations by a conditional type TypeScript cannot resolve for T.
    const result = await model.bulkWrite(operations as Parameters<Model<T>['bulkWrite']>[0], {
      ordered: false,
      throwOnValidationError: true,
    });
    return { applied: appliedOf(result), refused: [] };
  } catch (error) {
    const refused = refusedIndexes(error);
    return { applied: appliedOf((error as { result?: WriteCounts }).result), refused };
  }
};

/**
 * Writes of one key go to successive rounds, in the order given; a round holds at most one write per key, so its
 * writes may apply in any order.
 */
const roundsByKey = <W extends { key: string }>(writes: readonly W[]): W[][] => {
  const rounds: W[][] = [];
  const next = new Map<string, number>();
  for (const write of writes) {
    const round = next.get(write.key) ?? 0;
    (rounds[round] ??= []).push(write);
    next.set(write.key, round + 1);
  }
  return rounds;
};

/**
 * `conditionalUpsert` for many records: one unordered bulk write per round instead of a round trip per record
 * (a batch of events; issue 29). One record's writes apply in the order given, each round after the one before. The
 * upserts the unique index refused run once more without upsert, as `conditionalUpsert`'s do. Returns how many
 * writes applied.
 */
export const conditionalUpsertMany = async <T>(
  model: Model<T>,
  writes: ReadonlyArray<KeyedUpsert<T>>,
): Promise<number> => {
  if (writes.length === 0) return 0;
  await model.init();
  let applied = 0;
  for (const round of roundsByKey(writes)) {
    const operations = round.map(({ filter, update }) => ({ updateOne: { filter, update, upsert: true } }));
    const { applied: bulkApplied, refused } = await unorderedBulkWrite(model, operations);
    applied += bulkApplied;
    for (const index of refused) {
      const { filter, update } = round[index];
      const { matchedCount } = await model.updateOne(filter, update).exec();
      applied += matchedCount;
    }
  }
  return applied;
};
