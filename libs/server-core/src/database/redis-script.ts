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

/**
 * Many runs of one script in one round trip (a pipeline of EVALSHA), answered in order; the runs a Redis that has not
 * seen the script refused run again one at a time. Each run is atomic on its own, as with `runScript`.
 */
export const runScriptMany = async (
  redis: Redis,
  script: RedisScript,
  runs: ReadonlyArray<{ keys: string[]; args: Array<string | number> }>,
): Promise<unknown[]> => {
  if (runs.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const { keys, args } of runs) pipeline.evalsha(script.sha, keys.length, ...keys, ...args);
  const replies = (await pipeline.exec()) ?? [];
  const answers: unknown[] = [];
  // In order: runs of one key see one another's effects as they would one at a time.
  for (const [i, { keys, args }] of runs.entries()) {
    const [error, reply] = replies[i] ?? [new Error('no reply from Redis'), null];
    if (error && !error.message.startsWith('NOSCRIPT')) throw error;
    answers.push(error ? await runScript(redis, script, keys, args) : reply);
  }
  return answers;
};
