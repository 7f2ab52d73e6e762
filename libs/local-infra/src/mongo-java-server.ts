import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join, resolve } from 'node:path';
import { HOST } from './ports';
import { findOnPath, isExecutable, launch, run, waitForStdout } from './processes';
import { workspaceRoot } from './workspace';

export type MongoServerBuild = { java: string; classpath: string };

const STAMP_FILE = '.build-sha256';

const HOW_TO_GET = {
  java: 'a JDK 17 (Debian: apt-get install openjdk-17-jdk-headless) on the PATH or in JAVA_HOME',
  javac:
    'a JDK 17, not only a JRE (Debian: apt-get install openjdk-17-jdk-headless) on the PATH or in JAVA_HOME',
  mvn: 'Maven 3.8+ (Debian: apt-get install maven) on the PATH',
} as const;
type JavaTool = keyof typeof HOW_TO_GET;

/**
 * Fetches the mongo-java-server jars (mvn) and compiles tools/mongo-server (javac) into .cache/mongo-server,
 * skipping each step whose output matches the current pom.xml / launcher source. Safe to run concurrently.
 */
export async function ensureMongoServerBuilt(root: string = workspaceRoot()): Promise<MongoServerBuild> {
  const pom = join(root, 'tools/mongo-server/pom.xml');
  const source = join(root, 'tools/mongo-server/src/MongoServerLauncher.java');
  const lib = join(root, '.cache/mongo-server/lib');
  const classes = join(root, '.cache/mongo-server/classes');

  const libStamp = sha256(await readFile(pom));
  const classesStamp = sha256(Buffer.concat([await readFile(source), Buffer.from(libStamp)]));
  const needsLib = (await readStamp(lib)) !== libStamp;
  const needsClasses = (await readStamp(classes)) !== classesStamp;

  const tools = { java: javaTool('java'), javac: javaTool('javac'), mvn: findOnPath('mvn') };
  const needed = { java: true, javac: needsClasses, mvn: needsLib };
  const missing = (Object.keys(tools) as JavaTool[]).filter((tool) => needed[tool] && !tools[tool]);
  const { java, javac, mvn } = tools;
  if (!java || missing.length > 0) {
    throw new Error(
      `Cannot build or run the embedded MongoDB server (tools/mongo-server): ${missing.join(', ')} not found. ` +
        `Install ${missing.map((tool) => `${tool}: ${HOW_TO_GET[tool]}`).join('; ')}. ` +
        'Alternatively put mongod on the PATH, or set MONGODB_URI (and REDIS_URL) to running servers.',
    );
  }

  if (needsLib && mvn) {
    await buildInto(lib, libStamp, (dir) =>
      run(mvn, ['-q', '-B', '-f', pom, 'dependency:copy-dependencies', `-DoutputDirectory=${dir}`]),
    );
  }
  if (needsClasses && javac) {
    await buildInto(classes, classesStamp, (dir) => run(javac, ['-d', dir, '-cp', join(lib, '*'), source]));
  }
  return { java, classpath: [classes, join(lib, '*')].join(delimiter) };
}

/** The embedded mongo-java-server (H2 backend when `dataFile` is given, else in memory); it prints `READY <port>`. */
export async function startMongoJava({
  dataFile,
  port,
}: {
  dataFile?: string;
  port?: number;
}): Promise<{ uri: string; stop(): Promise<void> }> {
  const { java, classpath } = await ensureMongoServerBuilt();
  const args = [
    // Enough for the tests and `npm start`; a benchmark that loads a million documents asks for more.
    `-Xmx${process.env.MONGO_JAVA_HEAP ?? '512m'}`,
    // One Netty event loop and the serial collector: the backend runs one command at a time anyway (`serialized`),
    // so more threads only add wake-ups from one thread to another, which cost dearly on a small VM (issue 29 §3).
    '-Dio.netty.eventLoopThreads=1',
    '-XX:+UseSerialGC',
    '-cp',
    classpath,
    'MongoServerLauncher',
    '--host',
    HOST,
    '--port',
    String(port ?? 0),
  ];
  if (dataFile) {
    await mkdir(dirname(resolve(dataFile)), { recursive: true });
    args.push('--h2', resolve(dataFile));
  }
  args.push('--exit-on-stdin-eof');
  const child = launch('mongo-java-server', java, args, { keepStdinOpen: true });
  const readyPort = await child.ready(() => waitForStdout(child, /^READY (\d+)$/m));
  return { uri: `mongodb://${HOST}:${readyPort}/`, stop: child.stop };
}

/** Builds into a temp dir and renames it into place, so a parallel run never sees half a build. */
async function buildInto(
  target: string,
  stamp: string,
  build: (dir: string) => Promise<void>,
): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const staging = await mkdtemp(`${target}.tmp-`);
  try {
    await build(staging);
    await writeFile(join(staging, STAMP_FILE), stamp);
    await chmod(staging, 0o755); // mkdtemp makes it private
    if ((await readStamp(target)) === stamp) return;
    await rm(target, { recursive: true, force: true });
    try {
      await rename(staging, target);
    } catch (error) {
      // A parallel run renamed its identical build into place between our rm and rename.
      if ((await readStamp(target)) !== stamp) throw error;
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readStamp(dir: string): Promise<string | undefined> {
  try {
    return await readFile(join(dir, STAMP_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function javaTool(tool: 'java' | 'javac'): string | undefined {
  const javaHome = process.env.JAVA_HOME;
  const fromHome = javaHome ? join(javaHome, 'bin', tool) : undefined;
  return fromHome && isExecutable(fromHome) ? fromHome : findOnPath(tool);
}
