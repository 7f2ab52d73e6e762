import { setTimeout as sleep } from 'node:timers/promises';

// What server-core's integration suites share. They cannot use libs/server-testing: it builds on server-core.

/** A setting the run's global setup provides (libs/server-core/jest.int.config.cjs). */
export const requireEnv = (key: 'REDIS_URL' | 'MONGODB_URI' | 'NATS_URL') => {
  const value = process.env[key];
  if (!value) throw new Error(`${key} is not set: run through libs/server-core/jest.int.config.cjs`);
  return value;
};

/** Polls `condition` every 10 ms until it holds; fails naming `what` after `timeoutMs`. */
export const waitUntil = async (
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
};
