import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startMongoJava } from './mongo-java-server';
import { HOST, tcpAccepts, withFreePortRetry } from './ports';
import { findOnPath, launch, pollUntil } from './processes';

export type MongoHandle = { uri: string; stop(): Promise<void> };
export type StartMongoOptions = {
  /** Persist to this file (H2 MVStore; with mongod, the directory `<dataFile>.mongod`). Absent: in memory / temp dir. */
  dataFile?: string;
  port?: number;
};

/** A MongoDB-wire server on 127.0.0.1: mongod when on the PATH, else the embedded mongo-java-server. */
export async function startMongo(options: StartMongoOptions = {}): Promise<MongoHandle> {
  const mongod = findOnPath('mongod');
  return mongod ? startMongod(mongod, options) : startMongoJava(options);
}

async function startMongod(mongod: string, { dataFile, port }: StartMongoOptions): Promise<MongoHandle> {
  return withFreePortRetry(port, async (chosenPort) => {
    // mongod needs a directory, so persistent data lives beside the file name the embedded server would use.
    const dbPath = dataFile
      ? `${resolve(dataFile)}.mongod`
      : await mkdtemp(join(tmpdir(), 'local-infra-mongod-'));
    await mkdir(dbPath, { recursive: true });
    const args = ['--port', String(chosenPort), '--bind_ip', HOST, '--dbpath', dbPath, '--quiet'];
    const child = launch('mongod', mongod, args, { tempDir: dataFile ? undefined : dbPath });
    await child.ready(() => pollUntil(child, () => tcpAccepts(chosenPort)));
    return { uri: `mongodb://${HOST}:${chosenPort}/`, stop: child.stop };
  });
}
