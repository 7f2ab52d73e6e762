/** Polls `condition` every 20 ms until it holds (events reach their consumers asynchronously); fails after `timeoutMs`. */
export const waitUntil = async (condition: () => Promise<boolean>, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
