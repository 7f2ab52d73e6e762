import { mkdir, mkdtemp } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HOST, withFreePortRetry } from './ports';
import { findOnPath, launch, pollUntil } from './processes';

export type RedisHandle = { url: string; pid: number | undefined; stop(): Promise<void> };
export type StartRedisOptions = { dir?: string; persist?: boolean; port?: number };

/** redis-server on 127.0.0.1; without `persist` nothing is written to disk. */
export async function startRedis({
  dir,
  persist = false,
  port,
}: StartRedisOptions = {}): Promise<RedisHandle> {
  const redisServer = findOnPath('redis-server');
  if (!redisServer) {
    throw new Error(
      'redis-server not found on the PATH. Install Redis 7 (Debian: apt-get install redis-server), or set REDIS_URL.',
    );
  }
  if (persist && !dir) throw new Error('startRedis: persist needs a dir to keep the data in');
  const persistence = persist ? ['--appendonly', 'yes'] : ['--save', '', '--appendonly', 'no'];

  return withFreePortRetry(port, async (chosenPort) => {
    // A failed attempt removes its temp dir, so each attempt makes its own.
    const workDir = dir ? resolve(dir) : await mkdtemp(join(tmpdir(), 'local-infra-redis-'));
    await mkdir(workDir, { recursive: true });
    const args = ['--port', String(chosenPort), '--bind', HOST, '--dir', workDir, ...persistence];
    const child = launch('redis-server', redisServer, args, { tempDir: dir ? undefined : workDir });
    await child.ready(() => pollUntil(child, () => redisAnswersPing(chosenPort)));
    return { url: `redis://${HOST}:${chosenPort}`, pid: child.process.pid, stop: child.stop };
  });
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
