import { AsyncLocalStorage } from 'node:async_hooks';
import { AdmissionLimiter, type Release } from './admission-limiter';

/** Offers `count` requests; each one started keeps its release in `running`. */
const offer = (limiter: AdmissionLimiter, count: number, running: Release[], started: number[] = []) =>
  Array.from({ length: count }, (_, n) =>
    limiter.tryAdmit((release) => {
      started.push(n);
      running.push(release);
    }),
  );

describe('AdmissionLimiter', () => {
  it('starts up to maxInFlight at once, queues up to maxQueued, and refuses the rest at once', () => {
    const limiter = new AdmissionLimiter({ maxInFlight: 2, maxQueued: 3 });
    const running: Release[] = [];
    const started: number[] = [];

    const admitted = offer(limiter, 8, running, started);

    expect(admitted).toEqual([true, true, true, true, true, false, false, false]);
    expect(started).toEqual([0, 1]);
    expect([limiter.inFlight, limiter.queued]).toEqual([2, 3]);
  });

  it('hands a freed place to the first in line, in order, and counts down once the queue is empty', () => {
    const limiter = new AdmissionLimiter({ maxInFlight: 1, maxQueued: 2 });
    const running: Release[] = [];
    const started: number[] = [];
    offer(limiter, 3, running, started);

    running[0]();
    expect(started).toEqual([0, 1]);
    running[1]();
    expect(started).toEqual([0, 1, 2]);
    expect([limiter.inFlight, limiter.queued]).toEqual([1, 0]);
    running[2]();
    expect([limiter.inFlight, limiter.queued]).toEqual([0, 0]);
  });

  it('ignores a second release of the same place', () => {
    const limiter = new AdmissionLimiter({ maxInFlight: 2, maxQueued: 0 });
    const running: Release[] = [];
    offer(limiter, 2, running);

    running[0]();
    running[0]();

    expect(limiter.inFlight).toBe(1);
    expect(offer(limiter, 2, running)).toEqual([true, false]);
  });

  it('admits again once places free: a refusal is no lasting state', () => {
    const limiter = new AdmissionLimiter({ maxInFlight: 1, maxQueued: 0 });
    const running: Release[] = [];
    expect(offer(limiter, 2, running)).toEqual([true, false]);

    running[0]();

    expect(offer(limiter, 1, running)).toEqual([true]);
  });

  it('starts a queued request in its own async context, not in that of the request that freed the place', () => {
    const storage = new AsyncLocalStorage<string>();
    const limiter = new AdmissionLimiter({ maxInFlight: 1, maxQueued: 1 });
    let release: Release = () => undefined;
    const seen: Array<string | undefined> = [];
    storage.run('first', () => limiter.tryAdmit((r) => (release = r)));
    storage.run('second', () => limiter.tryAdmit(() => seen.push(storage.getStore())));

    storage.run('first', () => release());

    expect(seen).toEqual(['second']);
  });

  it('refuses every request while the process is short of CPU, and admits again once it is not', () => {
    const pressure = { overloaded: true };
    const limiter = new AdmissionLimiter({ maxInFlight: 4, maxQueued: 4 }, pressure);
    const running: Release[] = [];

    expect(offer(limiter, 2, running)).toEqual([false, false]);
    pressure.overloaded = false;
    expect(offer(limiter, 2, running)).toEqual([true, true]);
  });
});
