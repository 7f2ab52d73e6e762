import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, rmSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export type MongoHandle = { uri: string; stop(): Promise<void> };
export type RedisHandle = { url: string; stop(): Promise<void> };
export type StartMongoOptions = {
  /** Persist to this file (H2 MVStore; with mongod, the directory `<dataFile>.mongod`). Absent: in memory / temp dir. */
  dataFile?: string;
  port?: number;
};
export type StartRedisOptions = { dir?: string; persist?: boolean; port?: number };
export type MongoServerBuild = { java: string; classpath: string };

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
const OUTPUT_KEPT_CHARS = 8_000;
const STAMP_FILE = '.build-sha256';
const PORT_IN_USE = /address already in use/i;

const HOW_TO_GET = {
  java: 'a JDK 17 (Debian: apt-get install openjdk-17-jdk-headless) on the PATH or in JAVA_HOME',
  javac: 'a JDK 17, not only a JRE (Debian: apt-get install openjdk-17-jdk-headless) on the PATH or in JAVA_HOME',
  mvn: 'Maven 3.8+ (Debian: apt-get install maven) on the PATH',
} as const;
type JavaTool = keyof typeof HOW_TO_GET;

/** The nearest directory at or above `from` holding nx.json. */
export function workspaceRoot(from: string = process.cwd()): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No nx.json in ${resolve(from)} or any directory above it`);
  }
}

/** A TCP port free on 127.0.0.1 right now (another process may still take it before you bind). */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

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

/** A MongoDB-wire server on 127.0.0.1: mongod when on the PATH, else the embedded mongo-java-server. */
export async function startMongo(options: StartMongoOptions = {}): Promise<MongoHandle> {
  const mongod = findOnPath('mongod');
  return mongod ? startMongod(mongod, options) : startMongoJava(options);
}

/** redis-server on 127.0.0.1; without `persist` nothing is written to disk. */
export async function startRedis({ dir, persist = false, port }: StartRedisOptions = {}): Promise<RedisHandle> {
  const redisServer = findOnPath('redis-server');
  if (!redisServer) {
    throw new Error('redis-server not found on the PATH. Install Redis 7 (Debian: apt-get install redis-server), or set REDIS_URL.');
  }
  if (persist && !dir) throw new Error('startRedis: persist needs a dir to keep the data in');
  const persistence = persist ? ['--appendonly', 'yes'] : ['--save', '', '--appendonly', 'no'];

  return withFreePortRetry(port, async (chosenPort) => {
    // A failed attempt removes its temp dir, so each attempt makes its own.
    const workDir = dir ? resolve(dir) : await mkdtemp(join(tmpdir(), 'server-testing-redis-'));
    await mkdir(workDir, { recursive: true });
    const args = ['--port', String(chosenPort), '--bind', HOST, '--dir', workDir, ...persistence];
    const child = launch('redis-server', redisServer, args, { tempDir: dir ? undefined : workDir });
    await child.ready(() => pollUntil(child, () => redisAnswersPing(chosenPort)));
    return { url: `redis://${HOST}:${chosenPort}`, stop: child.stop };
  });
}

async function startMongoJava({ dataFile, port }: StartMongoOptions): Promise<MongoHandle> {
  const { java, classpath } = await ensureMongoServerBuilt();
  const args = ['-Xmx512m', '-cp', classpath, 'MongoServerLauncher', '--host', HOST, '--port', String(port ?? 0)];
  if (dataFile) {
    await mkdir(dirname(resolve(dataFile)), { recursive: true });
    args.push('--h2', resolve(dataFile));
  }
  args.push('--exit-on-stdin-eof');
  const child = launch('mongo-java-server', java, args, { keepStdinOpen: true });
  const readyPort = await child.ready(() => waitForStdout(child, /^READY (\d+)$/m));
  return { uri: `mongodb://${HOST}:${readyPort}/`, stop: child.stop };
}

async function startMongod(mongod: string, { dataFile, port }: StartMongoOptions): Promise<MongoHandle> {
  return withFreePortRetry(port, async (chosenPort) => {
    // mongod needs a directory, so persistent data lives beside the file name the embedded server would use.
    const dbPath = dataFile ? `${resolve(dataFile)}.mongod` : await mkdtemp(join(tmpdir(), 'server-testing-mongod-'));
    await mkdir(dbPath, { recursive: true });
    const args = ['--port', String(chosenPort), '--bind_ip', HOST, '--dbpath', dbPath, '--quiet'];
    const child = launch('mongod', mongod, args, { tempDir: dataFile ? undefined : dbPath });
    await child.ready(() => pollUntil(child, () => tcpAccepts(chosenPort)));
    return { uri: `mongodb://${HOST}:${chosenPort}/`, stop: child.stop };
  });
}

type Launched = {
  name: string;
  process: ChildProcess;
  output(): string;
  hasExited(): boolean;
  /** Runs the readiness check; on failure stops the child. On success the child no longer keeps Node alive. */
  ready<T>(check: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
};

type Tracked = { process: ChildProcess; tempDir?: string };
const running = new Set<Tracked>();
let exitHookInstalled = false;

function launch(name: string, command: string, args: string[], opts: { keepStdinOpen?: boolean; tempDir?: string }): Launched {
  const child = spawn(command, args, { stdio: [opts.keepStdinOpen ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  const tracked: Tracked = { process: child, tempDir: opts.tempDir };
  running.add(tracked);
  installExitHook();

  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let exited = false;
  const exit = new Promise<void>((resolveExit) => {
    const onExit = () => {
      exited = true;
      running.delete(tracked);
      resolveExit();
    };
    child.once('exit', onExit);
    child.once('error', (error) => {
      collect(Buffer.from(`${error.message}\n`));
      if (child.pid === undefined) onExit();
    });
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (!exited) {
        child.kill('SIGTERM');
        const forceKill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exit;
        clearTimeout(forceKill);
      }
      if (opts.tempDir) await rm(opts.tempDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  const ready = async <T>(check: () => Promise<T>): Promise<T> => {
    try {
      const result = await check();
      child.unref();
      for (const stream of child.stdio) if (stream instanceof Socket) stream.unref();
      return result;
    } catch (error) {
      await stop();
      throw error;
    }
  };

  return { name, process: child, output: () => output, hasExited: () => exited, ready, stop };
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Children must not outlive a test run or a launcher that forgot stop(); SIGTERM lets them flush their data.
  process.once('exit', () => {
    for (const { process: child, tempDir } of running) {
      child.kill('SIGTERM');
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    }
  });
}

function waitForStdout(child: Launched, pattern: RegExp): Promise<number> {
  const stdout = child.process.stdout;
  if (!stdout) return Promise.reject(new Error(`${child.name}: no stdout`));
  return new Promise((resolveReady, reject) => {
    let seen = '';
    const cleanup = () => {
      clearTimeout(timer);
      stdout.off('data', onData);
      child.process.off('exit', onExit);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        cleanup();
        resolveReady(Number(match[1]));
      }
    };
    const onExit = () => {
      cleanup();
      reject(new Error(`${child.name} exited before it was ready:\n${child.output()}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${child.name} not ready after ${READY_TIMEOUT_MS / 1000}s:\n${child.output()}`));
    }, READY_TIMEOUT_MS);
    stdout.on('data', onData);
    child.process.once('exit', onExit);
    if (child.hasExited()) onExit();
  });
}

async function pollUntil(child: Launched, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.hasExited()) throw new Error(`${child.name} exited before it was ready:\n${child.output()}`);
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`${child.name} not ready after ${READY_TIMEOUT_MS / 1000}s:\n${child.output()}`);
    await sleep(50);
  }
}

/** Retries on a fresh port when the caller did not ask for one and the free port was taken meanwhile. */
async function withFreePortRetry<T>(port: number | undefined, start: (port: number) => Promise<T>): Promise<T> {
  if (port !== undefined) return start(port);
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await findFreePort());
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !PORT_IN_USE.test(error.message)) throw error;
    }
  }
}

function redisAnswersPing(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = createConnection({ host: HOST, port });
    let reply = '';
    const finish = (ok: boolean) => {
      socket.destroy();
      answer(ok);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    // While loading its data Redis answers -LOADING; only +PONG means ready.
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
  });
}

function tcpAccepts(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = createConnection({ host: HOST, port });
    const finish = (ok: boolean) => {
      socket.destroy();
      answer(ok);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => finish(true));
  });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolveRun();
      else reject(new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit code ${code}`}):\n${output}`));
    });
  });
}

/** Builds into a temp dir and renames it into place, so a parallel run never sees half a build. */
async function buildInto(target: string, stamp: string, build: (dir: string) => Promise<void>): Promise<void> {
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

function findOnPath(command: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, command))
    .find(isExecutable);
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
