import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import mongoose, { Schema } from 'mongoose';
import { isDuplicateKeyError, unlessDuplicate } from '../src';

const requireMongo = () => {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set: run through libs/server-core/jest.int.config.cjs');
  return uri;
};

type Account = { email: string; name: string };
const AccountSchema = new Schema<Account>({
  email: { type: String, required: true },
  name: { type: String, required: true },
});
AccountSchema.index({ email: 1 }, { unique: true });

describe('unlessDuplicate against a real unique index', () => {
  let connection: Connection;
  const accounts = () => connection.model<Account>('Account', AccountSchema);

  beforeAll(async () => {
    // A database of this suite's own (server-testing's helpers would make server-core depend on its own test lib).
    connection = await mongoose
      .createConnection(requireMongo(), {
        dbName: `test_server_core_dup_${randomUUID().slice(0, 8)}`,
        serverSelectionTimeoutMS: 10_000,
      })
      .asPromise();
    await accounts().init();
  });

  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('passes a write that lands through', async () => {
    const created = await unlessDuplicate(accounts().create({ email: 'a@example.in', name: 'A' }), null);
    expect(created?.email).toBe('a@example.in');
  });

  it('turns an insert refused by the unique index into the given value, and stores nothing', async () => {
    await accounts().create({ email: 'taken@example.in', name: 'First' });
    expect(
      await unlessDuplicate(accounts().create({ email: 'taken@example.in', name: 'Second' }), null),
    ).toBeNull();
    const stored = await accounts().find({ email: 'taken@example.in' }).lean().exec();
    expect(stored.map((account) => account.name)).toEqual(['First']);
  });

  it('does the same for an update that would collide', async () => {
    await accounts().create({ email: 'one@example.in', name: 'One' });
    const two = await accounts().create({ email: 'two@example.in', name: 'Two' });
    const update = accounts()
      .findByIdAndUpdate(two._id, { $set: { email: 'one@example.in' } }, { returnDocument: 'after' })
      .lean()
      .exec();
    expect(await unlessDuplicate(update, false)).toBe(false);
    expect((await accounts().findById(two._id).lean().exec())?.email).toBe('two@example.in');
  });

  it('lets any other failure through', async () => {
    const invalid = accounts().create({ email: 'no-name@example.in' } as Account);
    await expect(unlessDuplicate(invalid, null)).rejects.toThrow(/name/);
  });

  it('recognises only the duplicate-key code', () => {
    expect(isDuplicateKeyError({ code: 11000 })).toBe(true);
    expect(isDuplicateKeyError({ code: 11001 })).toBe(false);
    expect(isDuplicateKeyError(new Error('E11000 in the message only'))).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
  });
});
