/**
 * Writes progress at most once per `intervalMs`, one write at a time (a slow database never piles writes up),
 * and drops what came in meanwhile except the newest. `flush()` waits for the write in flight.
 */
export const throttledWriter = <T>(
  write: (value: T) => Promise<void>,
  intervalMs: number,
  now = () => Date.now(),
) => {
  let lastAt = -Infinity;
  let inFlight: Promise<void> = Promise.resolve();
  let busy = false;
  return {
    offer: (value: T): void => {
      if (busy || now() - lastAt < intervalMs) return;
      busy = true;
      lastAt = now();
      // A failed progress write only costs a stale bar: the next one (or the final status) corrects it.
      inFlight = write(value)
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    },
    flush: () => inFlight,
  };
};
