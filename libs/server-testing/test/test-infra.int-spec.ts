import mongoose from 'mongoose';
import Redis from 'ioredis';
import { acquireInfra, dropDatabase, testMongoUri, type Infra } from '../src';

describe('infrastructure for integration suites', () => {
  let infra: Infra;

  beforeAll(async () => {
    infra = await acquireInfra();
  });

  afterAll(async () => {
    await infra.stop();
  });

  it('takes MONGODB_URI and REDIS_URL from the environment (set by the global setup) and both answer', async () => {
    expect(infra).toMatchObject({
      source: 'env',
      mongoUri: process.env.MONGODB_URI,
      redisUrl: process.env.REDIS_URL,
    });
    const redis = new Redis(infra.redisUrl);
    try {
      expect(await redis.ping()).toBe('PONG');
    } finally {
      await redis.quit();
    }
  });

  it('gives each suite a throwaway database that dropDatabase removes', async () => {
    const throwaway = testMongoUri(infra.mongoUri, 'drop');
    const connection = await mongoose.createConnection(throwaway).asPromise();
    try {
      expect(connection.name).toMatch(/^test_drop_[0-9a-f]{8}$/);
      await connection.collection('things').insertOne({ kind: 'throwaway' });
      const databaseNames = async () =>
        (await connection.listDatabases()).databases.map((database) => database.name);
      expect(await databaseNames()).toContain(connection.name);

      await dropDatabase(throwaway);

      expect(await databaseNames()).not.toContain(connection.name);
    } finally {
      await connection.close();
    }
  });

  it('refuses to drop a database that is not a test database', async () => {
    await expect(dropDatabase('mongodb://127.0.0.1:1/streamly')).rejects.toThrow(/only drops test databases/);
  });
});
