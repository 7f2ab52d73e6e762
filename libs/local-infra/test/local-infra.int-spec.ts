import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import mongoose, { Schema, type ConnectOptions, type Connection } from 'mongoose';
import { connect, StringCodec, type NatsConnection } from 'nats';
import {
  startMongo,
  startNats,
  startRedis,
  type MongoHandle,
  type NatsHandle,
  type RedisHandle,
  type StartMongoOptions,
} from '../src';

type Account = { email: string; plan: string; items: { sku: string; qty: number }[] };

const accountSchema = new Schema<Account>({
  email: { type: String, required: true, unique: true },
  plan: { type: String, default: 'free' },
  items: [{ _id: false, sku: String, qty: Number }],
});

describe('servers the launcher starts', () => {
  describe('MongoDB-wire server (startMongo) through mongoose', () => {
    let mongo: MongoHandle;
    let connection: Connection;
    const accounts = () => connection.model<Account>('Account', accountSchema);

    beforeAll(async () => {
      mongo = await startMongo();
      connection = await mongoose.createConnection(mongo.uri, { dbName: 'local_infra' }).asPromise();
      await accounts().init();
    });

    afterAll(async () => {
      await connection?.close();
      await mongo?.stop();
    });

    it('creates, reads, updates and deletes a document', async () => {
      const created = await accounts().create({ email: 'crud@example.com' });

      expect(await accounts().findById(created._id).lean()).toMatchObject({
        email: 'crud@example.com',
        plan: 'free',
      });

      await accounts().updateOne({ _id: created._id }, { $set: { plan: 'premium' } });
      expect(await accounts().findOne({ email: 'crud@example.com' }).lean()).toMatchObject({
        plan: 'premium',
      });

      await accounts().deleteOne({ _id: created._id });
      expect(await accounts().countDocuments({ email: 'crud@example.com' })).toBe(0);
    });

    it("counts each collection's operations as mongod's `top` does (the soak's MongoDB figures read it)", async () => {
      const name = `top_${randomUUID().slice(0, 8)}`;
      const things = connection.collection(name);
      await things.insertOne({ n: 1 });
      await things.findOne({ n: 1 });
      await things.updateOne({ n: 1 }, { $set: { n: 2 } });
      await things.deleteOne({ n: 2 });

      const { totals } = await connection.db!.admin().command({ top: 1 });
      const usage = totals[`local_infra.${name}`] as Record<string, { count: number; time: number }>;
      expect({
        insert: usage.insert.count,
        queries: usage.queries.count,
        update: usage.update.count,
        remove: usage.remove.count,
        total: usage.total.count,
      }).toEqual({ insert: 1, queries: 1, update: 1, remove: 1, total: 4 });
      expect(usage.total.time).toBeGreaterThan(0);
    });

    it('rejects a duplicate on a unique index with E11000 and keeps one document', async () => {
      await accounts().create({ email: 'unique@example.com' });

      await expect(accounts().create({ email: 'unique@example.com' })).rejects.toMatchObject({ code: 11000 });
      expect(await accounts().countDocuments({ email: 'unique@example.com' })).toBe(1);
    });

    it('$pull removes only the matching subdocuments', async () => {
      const created = await accounts().create({
        email: 'pull@example.com',
        items: [
          { sku: 'a', qty: 1 },
          { sku: 'b', qty: 2 },
          { sku: 'a', qty: 3 },
        ],
      });

      await accounts().updateOne({ _id: created._id }, { $pull: { items: { sku: 'a' } } });

      expect((await accounts().findById(created._id).lean())?.items).toEqual([{ sku: 'b', qty: 2 }]);
    });

    it('accepts inserts that race index builds on new collections, as mongoose autoIndex does at startup', async () => {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => {
          const collection = connection.collection(`race${i}`);
          return Promise.all([
            collection.createIndex({ email: 1 }, { unique: true }),
            collection.insertOne({ email: `race${i}@example.com` }),
          ]);
        }),
      );

      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    });

    it('lists a database once written to and forgets it once dropped', async () => {
      const name = 'local_infra_drop';
      await withConnection(
        mongo.uri,
        (other) => other.model<Account>('Account', accountSchema).create({ email: 'drop@example.com' }),
        { dbName: name },
      );
      const databaseNames = async () =>
        (await connection.listDatabases()).databases.map((database) => database.name);
      expect(await databaseNames()).toContain(name);

      await withConnection(mongo.uri, (other) => other.dropDatabase(), { dbName: name });

      expect(await databaseNames()).not.toContain(name);
    });
  });

  describe('redis-server (startRedis) through ioredis', () => {
    const prefix = `test:${randomUUID()}:`;
    let server: RedisHandle;
    let redis: Redis;

    beforeAll(async () => {
      server = await startRedis();
      redis = new Redis(server.url);
    });

    afterAll(async () => {
      await redis?.quit();
      await server?.stop();
    });

    it('SET then GET returns the value', async () => {
      await redis.set(`${prefix}greeting`, 'namaste');

      expect(await redis.get(`${prefix}greeting`)).toBe('namaste');
    });

    it('XADD then XREADGROUP delivers each entry once to a consumer group', async () => {
      const stream = `${prefix}events`;
      await redis.xgroup('CREATE', stream, 'workers', '0', 'MKSTREAM');
      const id = await redis.xadd(stream, '*', 'type', 'played', 'movieId', '42');

      const first = await redis.xreadgroup('GROUP', 'workers', 'w1', 'COUNT', 10, 'STREAMS', stream, '>');
      const second = await redis.xreadgroup('GROUP', 'workers', 'w1', 'COUNT', 10, 'STREAMS', stream, '>');

      expect(first).toEqual([[stream, [[id, ['type', 'played', 'movieId', '42']]]]]);
      expect(second).toBeNull();
      expect(await redis.xack(stream, 'workers', id ?? '')).toBe(1);
    });
  });
});

describe('nats-server (startNats) through the nats client', () => {
  let server: NatsHandle;
  let nc: NatsConnection;
  const text = StringCodec();

  beforeAll(async () => {
    server = await startNats();
    nc = await connect({ servers: server.url });
  });

  afterAll(async () => {
    await nc?.close();
    await server?.stop();
  });

  it('carries a request to a queue group and its reply back', async () => {
    nc.subscribe('local-infra.echo', {
      queue: 'echoers',
      callback: (_error, msg) => msg.respond(text.encode(`echo ${text.decode(msg.data)}`)),
    });

    const reply = await nc.request('local-infra.echo', text.encode('namaste'), { timeout: 5_000 });

    expect(text.decode(reply.data)).toBe('echo namaste');
  });

  it('answers "no responders" at once when nobody subscribes', async () => {
    await expect(
      nc.request('local-infra.nobody', text.encode('?'), { timeout: 5_000 }),
    ).rejects.toMatchObject({
      code: '503',
    });
  });
});

describe('startMongo with a dataFile', () => {
  const database = 'test_persistence';
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'local-infra-h2-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a document across stop() and a fresh start on the same file', async () => {
    const dataFile = join(dir, 'dev.mv.db');

    await withMovies({ dataFile }, (movies) => movies.create({ title: 'Sholay' }));
    const titles = await withMovies({ dataFile }, async (movies) =>
      (await movies.find().lean()).map((movie) => movie.title),
    );

    expect(titles).toEqual(['Sholay']);
  });

  it('without a dataFile starts empty every time', async () => {
    await withMovies({}, (movies) => movies.create({ title: 'Sholay' }));

    expect(await withMovies({}, (movies) => movies.countDocuments())).toBe(0);
  });

  type Movie = { title: string };
  const movieSchema = new Schema<Movie>({ title: { type: String, required: true } });

  async function withMovies<T>(
    options: StartMongoOptions,
    use: (movies: mongoose.Model<Movie>) => Promise<T>,
  ): Promise<T> {
    const mongo = await startMongo(options);
    try {
      return await withConnection(
        mongo.uri,
        (connection) => use(connection.model<Movie>('Movie', movieSchema)),
        { dbName: database },
      );
    } finally {
      await mongo.stop();
    }
  }
});

/** Closes the connection even when `use` fails, so a failing test cannot keep jest from exiting. */
async function withConnection<T>(
  uri: string,
  use: (connection: Connection) => Promise<T>,
  options?: ConnectOptions,
): Promise<T> {
  const connection = await mongoose.createConnection(uri, options).asPromise();
  try {
    return await use(connection);
  } finally {
    await connection.close();
  }
}
