import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import mongoose, { Schema } from 'mongoose';
import type { KeyedUpsert } from '../src';
import { conditionalUpsertMany } from '../src';

const requireMongo = () => {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set: run through libs/server-core/jest.int.config.cjs');
  return uri;
};

/** A viewer's position on a title, as history keeps it: a report applies only when newer, and adds its seconds. */
type Position = { viewer: string; title: string; at: number; seconds: number; reports: number };
const PositionSchema = new Schema<Position>({
  viewer: { type: String, required: true },
  title: { type: String, required: true },
  at: { type: Number, required: true },
  seconds: { type: Number, required: true },
  reports: { type: Number, required: true },
});
PositionSchema.index({ viewer: 1, title: 1 }, { unique: true });

const report = (viewer: string, title: string, at: number, seconds = 10): KeyedUpsert<Position> => ({
  key: `${viewer}|${title}`,
  filter: { viewer, title, at: { $lt: at } },
  update: { $set: { at }, $inc: { seconds, reports: 1 } },
});

describe('conditionalUpsertMany against a real unique index', () => {
  let connection: Connection;
  const positions = () => connection.model<Position>('Position', PositionSchema);
  const stored = async (viewer: string) =>
    (await positions().find({ viewer }, { _id: 0, title: 1, at: 1, seconds: 1, reports: 1 }).lean().exec())
      .map(({ title, at, seconds, reports }) => ({ title, at, seconds, reports }))
      .sort((a, b) => a.title.localeCompare(b.title));

  beforeAll(async () => {
    connection = await mongoose
      .createConnection(requireMongo(), {
        dbName: `test_server_core_upsert_${randomUUID().slice(0, 8)}`,
        serverSelectionTimeoutMS: 10_000,
      })
      .asPromise();
    await positions().init();
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('inserts new records and updates older ones in one bulk write, leaving newer ones alone', async () => {
    const viewer = randomUUID();
    await positions().create([
      { viewer, title: 'older', at: 100, seconds: 5, reports: 1 },
      { viewer, title: 'newer', at: 900, seconds: 5, reports: 1 },
    ]);
    const bulk = jest.spyOn(positions(), 'bulkWrite');
    const applied = await conditionalUpsertMany(positions(), [
      report(viewer, 'new', 500),
      report(viewer, 'older', 500),
      report(viewer, 'newer', 500),
    ]);
    expect(applied).toBe(2);
    expect(bulk).toHaveBeenCalledTimes(1);
    expect(await stored(viewer)).toEqual([
      { title: 'new', at: 500, seconds: 10, reports: 1 },
      { title: 'newer', at: 900, seconds: 5, reports: 1 },
      { title: 'older', at: 500, seconds: 15, reports: 2 },
    ]);
  });

  it("applies one record's writes in the order given, one round each", async () => {
    const viewer = randomUUID();
    const bulk = jest.spyOn(positions(), 'bulkWrite');
    // In order, both count; the later of a pair given newest first is refused, as it would be one at a time.
    const applied = await conditionalUpsertMany(positions(), [
      report(viewer, 'a', 100),
      report(viewer, 'b', 300),
      report(viewer, 'a', 200),
      report(viewer, 'b', 250),
    ]);
    expect(applied).toBe(3);
    expect(bulk).toHaveBeenCalledTimes(2);
    expect(await stored(viewer)).toEqual([
      { title: 'a', at: 200, seconds: 20, reports: 2 },
      { title: 'b', at: 300, seconds: 10, reports: 1 },
    ]);
  });

  it('writes nothing for an empty batch', async () => {
    const bulk = jest.spyOn(positions(), 'bulkWrite');
    expect(await conditionalUpsertMany(positions(), [])).toBe(0);
    expect(bulk).not.toHaveBeenCalled();
  });

  it('fails the batch on a write that is not a duplicate refusal', async () => {
    const viewer = randomUUID();
    const unusable: KeyedUpsert<Position> = {
      key: `${viewer}|x`,
      filter: { viewer, title: 'x', at: { $lt: 1 } },
      update: { $inc: { seconds: 'ten' as unknown as number } },
    };
    await expect(conditionalUpsertMany(positions(), [report(viewer, 'ok', 1), unusable])).rejects.toThrow();
  });
});
