import { EventLoopPressure } from './event-loop-pressure';

/** Keeps the event loop busy for `ms`, as a CPU-starved process is. */
const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EventLoopPressure', () => {
  let pressure: EventLoopPressure;
  afterEach(() => pressure.stop());

  it('is overloaded after a period whose event loop was held up past the limit, and recovers after a calm one', async () => {
    // A period far longer than the test: it samples only when told.
    pressure = new EventLoopPressure(50, 60_000);
    await tick(30);
    pressure.sample();
    expect(pressure.overloaded).toBe(false);

    for (let i = 0; i < 3; i++) {
      block(200);
      await tick(1);
    }
    pressure.sample();
    expect(pressure.lastDelayMs).toBeGreaterThan(50);
    expect(pressure.overloaded).toBe(true);

    await tick(100);
    pressure.sample();
    expect(pressure.overloaded).toBe(false);
  });
});
