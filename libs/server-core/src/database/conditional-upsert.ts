import type { Model, QueryFilter, UpdateQuery } from 'mongoose';
import { unlessDuplicate } from './duplicate-key';

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
