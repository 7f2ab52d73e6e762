import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';

const TEST_DB_PREFIX = 'test_';
// MongoDB allows 63 characters in a database name.
const MAX_DB_NAME_LENGTH = 63;
const URI_PARTS = /^(mongodb(?:\+srv)?:\/\/)([^/?]+)(?:\/([^?]*))?(\?.*)?$/;

/** `baseUri` pointed at a throwaway database `test_<suite>_<random>`, so suites never share data. */
export function testMongoUri(baseUri: string, suiteName: string): string {
  const suffix = randomBytes(4).toString('hex');
  const room = MAX_DB_NAME_LENGTH - TEST_DB_PREFIX.length - suffix.length - 1;
  const suite = suiteName.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, room);
  return withDatabase(baseUri, `${TEST_DB_PREFIX}${suite}_${suffix}`);
}

/** Drops the database a `testMongoUri` URI names; refuses any other, so a dev or shared database is never wiped. */
export async function dropDatabase(uri: string): Promise<void> {
  const database = parseMongoUri(uri).database;
  if (!database.startsWith(TEST_DB_PREFIX)) {
    throw new Error(
      `dropDatabase only drops test databases (${TEST_DB_PREFIX}*), not "${database || '(none)'}"`,
    );
  }
  const connection = await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  try {
    await connection.dropDatabase().catch((error: unknown) => {
      // mongo-java-server (the embedded server) now and then fails its own assertion dropping a collection whose
      // index was dropped and made again while other suites ran ("Expected [MemoryUniqueIndex…] to be empty").
      // The database is a throwaway of this suite alone, named at random, and goes with the server: leave it.
      if (!/Expected \[.*Index.*\] to be empty/.test(String(error))) throw error;
      console.warn(`dropDatabase: the embedded server could not drop ${database}; left to end with it`);
    });
  } finally {
    await connection.close();
  }
}

function withDatabase(uri: string, database: string): string {
  const { scheme, authority, database: original, query } = parseMongoUri(uri);
  // With credentials the driver authenticates against the URI's database unless authSource says otherwise.
  const needsAuthSource = authority.includes('@') && !/[?&]authSource=/i.test(query);
  const authSource = needsAuthSource ? `authSource=${original || 'admin'}` : '';
  const fullQuery = authSource ? (query ? `${query}&${authSource}` : `?${authSource}`) : query;
  return `${scheme}${authority}/${database}${fullQuery}`;
}

function parseMongoUri(uri: string): { scheme: string; authority: string; database: string; query: string } {
  const match = URI_PARTS.exec(uri);
  if (!match) throw new Error(`Not a MongoDB connection string: ${uri}`);
  const [, scheme, authority, database = '', query = ''] = match;
  return { scheme, authority, database, query };
}
