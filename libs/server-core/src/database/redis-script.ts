import { createHash } from 'node:crypto';
import type { ChainableCommander, Redis } from 'ioredis';

/** A Lua script and its SHA-1, run with EVALSHA: every atomic read-and-change of Redis state is one of these. */
export type RedisScript = { source: string; sha: string };

export const redisScript = (source: string): RedisScript => ({
  source,
  sha: createHash('sha1').update(source).digest('hex'),
});

/** Redis' answer to EVALSHA of a script it has not seen (since a restart, a failover, a SCRIPT FLUSH). */
const isNoScript = (error: unknown): boolean =>
  error instanceof Error && error.message.startsWith('NOSCRIPT');

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
    if (!isNoScript(error)) throw error;
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
    if (error && !isNoScript(error)) throw error;
    answers.push(error ? await runScript(redis, script, keys, args) : reply);
  }
  return answers;
};

/**
 * Commands `before` queues, then the script, in one write (one round trip): Redis runs them in this order, and a
 * process that reads the socket once is woken once. Answers the script's reply; a refused command fails it, and a
 * Redis that has not seen the script runs it once more with `runScript` (after the commands, as before).
 */
export const runScriptAfter = async (
  redis: Redis,
  before: (pipeline: ChainableCommander) => void,
  script: RedisScript,
  keys: string[],
  args: Array<string | number>,
): Promise<unknown> => {
  const pipeline = redis.pipeline();
  before(pipeline);
  pipeline.evalsha(script.sha, keys.length, ...keys, ...args);
  const replies = (await pipeline.exec()) ?? [];
  const last = replies.length - 1;
  for (const [error] of replies.slice(0, last)) if (error) throw error;
  const [error, reply] = replies[last] ?? [new Error('no reply from Redis'), null];
  if (!error) return reply;
  if (!isNoScript(error)) throw error;
  return runScript(redis, script, keys, args);
};

/** Commands `queue` adds, in one write (one round trip); the first refused one fails it. */
export const sendTogether = async (
  redis: Redis,
  queue: (pipeline: ChainableCommander) => void,
): Promise<void> => {
  const pipeline = redis.pipeline();
  queue(pipeline);
  for (const [error] of (await pipeline.exec()) ?? []) if (error) throw error;
};
