import type { Model, QueryFilter, UpdateQuery } from 'mongoose';

/** Records read per round while the migration runs; each round moves every record of the accounts they name. */
const BATCH = 500;

/** MongoDB's IndexNotFound. */
const INDEX_NOT_FOUND = 27;

/**
 * The profiles migration of one collection (issue 25): its records from before profiles (no `profileId`) belong to
 * the account's default profile, whose id is the account's. Drops the indexes from before profiles first: their
 * unique keys (user + title) would refuse a second profile's record of the same title. Idempotent: a second run
 * finds nothing to move and no index to drop. Returns how many records it moved.
 */
export const moveToDefaultProfile = async <T extends { userId: string; profileId: string }>(
  model: Model<T>,
  retiredIndexes: readonly string[],
): Promise<number> => {
  const unmoved = { profileId: null } as QueryFilter<T>;
  await model.init();
  for (const name of retiredIndexes) {
    // Dropped by name, without asking first whether it is there: gone either way when it is not (IndexNotFound, code
    // 27: another replica booting at the same time dropped it, or it never existed). The embedded MongoDB-wire server
    // drops an index's description in every collection that has one of that name but the index itself only here, so
    // a list of this collection's indexes, read after another collection's drop, could miss one still enforced.
    await model.collection.dropIndex(name).catch((error: { code?: number }) => {
      if (error.code !== INDEX_NOT_FOUND) throw error;
    });
  }
  let moved = 0;
  for (;;) {
    const batch = await model
      .find(unmoved, { _id: 0, userId: 1 })
      .limit(BATCH)
      .lean<Array<{ userId: string }>>()
      .exec();
    if (batch.length === 0) return moved;
    const accounts = [...new Set(batch.map(({ userId }) => userId))];
    const results = await Promise.all(
      accounts.map((userId) =>
        model
          .updateMany(
            { userId, profileId: null } as QueryFilter<T>,
            {
              $set: { profileId: userId },
            } as UpdateQuery<T>,
          )
          .exec(),
      ),
    );
    moved += results.reduce((sum, { modifiedCount }) => sum + modifiedCount, 0);
  }
};
