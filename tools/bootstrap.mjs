// Entry point of `npm start`, `npm test`, `npm run setup` and `npm run bench`. Plain Node, no dependencies:
// it runs before node_modules exists. It installs what the project needs (npm packages; Redis, ffmpeg
// NATS, ffmpeg and Chromium from Debian when running as root; the embedded MongoDB-wire server via Maven), then
// bundles and runs the TypeScript tool for the command.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv[2] ?? 'start';
const commands = {
  start: 'tools/dev/start.ts',
  test: 'tools/ci/test.ts',
  setup: null,
  bench: 'tools/bench/movies.bench.ts',
  'bench-payments': 'tools/bench/payments.bench.ts',
  'bench-stream': 'tools/bench/stream-bytes.bench.ts',
  'bench-player': 'tools/bench/player-start.bench.ts',
  'bench-viewer': 'tools/bench/user-data.bench.ts',
  'bench-reco': 'tools/bench/recommendations.bench.ts',
  'bench-reco-latency': 'tools/bench/recommend-latency.bench.ts',
  'bench-session-cache': 'tools/bench/session-cache.bench.ts',
  'bench-rpc': 'tools/bench/rpc-transport.bench.ts',
  'bench-soak': 'tools/bench/soak.bench.ts',
  'bench-insights': 'tools/bench/insights.bench.ts',
  'bench-gateway-ab': 'tools/bench/gateway-ab.bench.ts',
};

const fail = (message) => {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
};
const say = (message) => console.log(`• ${message}`);
const has = (binary) => spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;
const run = (cmd, args, options = {}) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status === 0;
};

if (!(command in commands))
  fail(`Unknown command "${command}". Use one of: ${Object.keys(commands).join(', ')}.`);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19))
  fail(`Node.js ${process.versions.node} is too old: install Node.js 20.19 or newer.`);

// Nx: no daemon, no cloud, and a cache inside this checkout (Nx 23 otherwise shares ~/.nx between clones).
Object.assign(process.env, {
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_CACHE_DIRECTORY: path.join(root, '.nx', 'cache'),
  NX_WORKSPACE_DATA_DIRECTORY: path.join(root, '.nx', 'workspace-data'),
  NX_SOCKET_DIR: path.join(root, '.nx', 'socket'),
  NX_TUI: 'false',
});

// 1. npm packages, reinstalled when package-lock.json's content changed since the last install (its content, not
// its time: a second checkout of the same commit, e.g. a git worktree sharing node_modules, needs no install).
const stamp = path.join(root, 'node_modules', '.install-stamp');
const lock = path.join(root, 'package-lock.json');
const lockDigest = () => createHash('sha256').update(readFileSync(lock)).digest('hex');
const installed = existsSync(stamp) && readFileSync(stamp, 'utf8') === lockDigest();
if (!installed) {
  if (!has('npm')) fail('npm is not on the PATH: install Node.js 20 with npm.');
  say('Installing npm dependencies (npm install)…');
  if (!run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'])) {
    fail('npm install failed: check your network access to the npm registry, then run the command again.');
  }
  writeFileSync(stamp, lockDigest());
}

// 2. Debian packages: Redis and NATS always (unless REDIS_URL / NATS_URL point elsewhere), ffmpeg and espeak-ng
// for the streaming service, nginx as the one URL in front (video bytes by sendfile; FRONT_PROXY=off goes without it),
// Chromium for browser tests.
const wanted = [
  !process.env.REDIS_URL && !has('redis-server') && 'redis-server',
  // Debian puts it in /usr/sbin, off an ordinary user's PATH; libs/local-infra looks there too.
  !process.env.NATS_URL && !has('nats-server') && !existsSync('/usr/sbin/nats-server') && 'nats-server',
  !has('ffmpeg') && 'ffmpeg',
  // The sample films' Hindi and English speech (issue 26).
  !has('espeak-ng') && 'espeak-ng',
  process.env.FRONT_PROXY !== 'off' && !has('nginx') && !existsSync('/usr/sbin/nginx') && 'nginx',
  command === 'test' && !has('chromium') && 'chromium',
].filter(Boolean);
if (wanted.length) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !has('apt-get')) {
    fail(
      `Missing: ${wanted.join(', ')}. Install ${wanted.length > 1 ? 'them' : 'it'} (Debian/Ubuntu: sudo apt-get install ${wanted.join(' ')}), ` +
        'or point REDIS_URL / NATS_URL at a running Redis / NATS (FRONT_PROXY=off goes without nginx), then run the command again.',
    );
  }
  say(`Installing ${wanted.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    !run('apt-get', ['update', '-qq'], { env }) ||
    !run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...wanted], { env })
  ) {
    fail(`apt-get could not install ${wanted.join(', ')}: check access to Debian's package mirrors.`);
  }
}

// 3. MongoDB-wire server: MONGODB_URI, else mongod on the PATH, else the embedded mongo-java-server (Java + Maven).
if (!process.env.MONGODB_URI && !has('mongod')) {
  const missing = ['java', 'javac', 'mvn'].filter((tool) => !has(tool));
  if (missing.length) {
    fail(
      `No MongoDB available: set MONGODB_URI, install mongod, or install ${missing.join(', ')} (JDK 17+ and Maven) so the embedded ` +
        'MongoDB-wire server can be built (Debian: apt-get install openjdk-17-jdk-headless maven).',
    );
  }
}

if (command === 'setup') {
  say('Setup complete.');
  process.exit(0);
}

// 4. Bundle the TypeScript tool (same bundler as the services) and hand over.
const { buildNodeApp } = await import(pathToFileURL(path.join(root, 'tools/build/node-app.mjs')).href);
mkdirSync(path.join(root, '.cache', 'tools'), { recursive: true });
const outfile = `.cache/tools/${command}.js`;
await buildNodeApp(command, commands[command], outfile);
const child = spawn(process.execPath, ['--enable-source-maps', outfile, ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// Ctrl-C reaches the child too (same process group); wait for it to stop everything it started.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
