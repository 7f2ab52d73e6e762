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

/** A playable's media became ready: its id (a film's or an episode's), its duration and when it became ready. */
export type MediaReadyChange = {
  id: string;
  durationSeconds: number | null;
  readyAt: Date;
  /** Its audio and subtitle languages; absent from events sent before issue 26 (then left as they are). */
  languages?: { audio: string[]; subtitles: string[] };
};

/**
 * Marks playables (films or episodes) ready with their media's durations; each update is conditional on `readyAt`, so
 * a redelivered or older `media.ready` changes nothing. One write per (readyAt, duration) pair, not per playable: a
 * burst (the seeded titles, announced a batch at a time with one time and a few sample lengths) takes a few writes,
 * each matching by `_id` through the index on a real MongoDB and costing one collection scan on the embedded
 * MongoDB-wire server (which scans for any filter beyond an index's own keys). Answers how many updates applied (ids
 * that are not this model's change nothing).
 */
export const markMediaReady = async <R>(
  model: Model<R>,
  changes: readonly MediaReadyChange[],
): Promise<number> => {
  type Group = Omit<MediaReadyChange, 'id'> & { ids: Set<string> };
  const groups = new Map<string, Group>();
  for (const { id, durationSeconds, readyAt, languages } of changes) {
    const key = JSON.stringify([readyAt.getTime(), durationSeconds, languages ?? null]);
    const group = groups.get(key) ?? { readyAt, durationSeconds, languages, ids: new Set<string>() };
    group.ids.add(id);
    groups.set(key, group);
  }
  // Oldest first: of two changes to one playable in a batch, the newer is written last and wins (and the older,
  // written first, could not undo it anyway: its condition fails).
  let modified = 0;
  for (const { readyAt, durationSeconds, languages, ids } of [...groups.values()].sort(
    (a, b) => a.readyAt.getTime() - b.readyAt.getTime(),
  )) {
    const { modifiedCount } = await model
      .updateMany(
        { _id: { $in: [...ids] }, $or: [{ mediaReadyAt: null }, { mediaReadyAt: { $lt: readyAt } }] },
        {
          $set: {
            mediaReady: true,
            mediaDurationSeconds: durationSeconds,
            mediaReadyAt: readyAt,
            ...(languages ? { audioLanguages: languages.audio, subtitleLanguages: languages.subtitles } : {}),
          },
        },
      )
      .exec();
    modified += modifiedCount;
  }
  return modified;
};
