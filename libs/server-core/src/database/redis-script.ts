import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A Lua script and its SHA-1, run with EVALSHA: every atomic read-and-change of Redis state is one of these. */
export type RedisScript = { source: string; sha: string };

export const redisScript = (source: string): RedisScript => ({
  source,
  sha: createHash('sha1').update(source).digest('hex'),
});

/** EVALSHA, loading the script on a Redis that has not seen it yet (a restart, a failover). */
export const runScript = async (
  redis: Redis,
  script: RedisScript,
  keys: string[],
  args: Array<string | number>,
): Promise<unknown> => {
  try {
    return await redis.evalsha(script.sha, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return redis.eval(script.source, keys.length, ...keys, ...args);
  }
};
