import mongoose from 'mongoose';

/**
 * Every collection of every database of the system under test (MONGODB_URI) with a document holding any of `needles`
 * (an id, an email, a name), as `db.collection`: what is left of a person after their account is deleted.
 */
export const documentsHolding = async (needles: string[]): Promise<string[]> => {
  const connection = await mongoose.createConnection(process.env.MONGODB_URI ?? '').asPromise();
  try {
    const client = connection.getClient();
    const { databases } = await client.db('admin').admin().listDatabases();
    const found: string[] = [];
    for (const { name } of databases) {
      if (['admin', 'local', 'config'].includes(name)) continue;
      const db = client.db(name);
      for (const { name: collection } of await db.listCollections().toArray()) {
        for (const document of await db.collection(collection).find({}).toArray()) {
          const text = JSON.stringify(document).toLowerCase();
          if (needles.some((needle) => text.includes(needle.toLowerCase())))
            found.push(`${name}.${collection}`);
        }
      }
    }
    return [...new Set(found)];
  } finally {
    await connection.close();
  }
};
