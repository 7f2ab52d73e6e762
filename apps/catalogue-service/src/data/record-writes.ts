import type { Model, Types } from 'mongoose';

/**
 * Inserts the records that are not there yet (by `_id`); existing ones, possibly edited by admins, are left
 * alone. Returns the ids that were inserted. Titles and episodes are seeded so.
 */
export const insertMissing = async <R>(
  model: Model<R>,
  batch: Array<R & { _id: Types.ObjectId }>,
): Promise<Types.ObjectId[]> => {
  if (batch.length === 0) return [];
  const operations = batch.map((record) => ({
    updateOne: { filter: { _id: record._id }, update: { $setOnInsert: record }, upsert: true },
  }));
  // Mongoose types a generic model's operations by a conditional type TypeScript cannot resolve for R.
  const result = await model.bulkWrite(operations as Parameters<Model<R>['bulkWrite']>[0], {
    ordered: false,
  });
  return Object.values(result.upsertedIds) as Types.ObjectId[];
};

/**
 * Marks a playable (a film or an episode) ready with its media's duration; conditional on `readyAt`, so a
 * redelivered or older `media.ready` changes nothing. False when nothing changed (already applied, or no such id).
 */
export const markMediaReady = async <R>(
  model: Model<R>,
  id: string,
  durationSeconds: number | null,
  readyAt: Date,
): Promise<boolean> => {
  const { modifiedCount } = await model
    .updateOne(
      { _id: id, $or: [{ mediaReadyAt: null }, { mediaReadyAt: { $lt: readyAt } }] },
      { $set: { mediaReady: true, mediaDurationSeconds: durationSeconds, mediaReadyAt: readyAt } },
    )
    .exec();
  return modifiedCount > 0;
};
