import type { MediaProgress } from './seeded-media';
import { awaitSeededMedia } from './seeded-media';

/** A clock that advances only when the wait sleeps. */
const fakeTime = () => {
  let t = 0;
  return { now: () => t, sleep: (ms: number) => Promise.resolve(void (t += ms)) };
};

describe('awaitSeededMedia: the launcher shows its URL only when every seeded title plays', () => {
  it('looks again until no seeded title waits, reporting how many play', async () => {
    const looks: MediaProgress[] = [
      { titles: 100, waiting: 100 },
      { titles: 100, waiting: 40 },
      { titles: 100, waiting: 0 },
    ];
    const look = jest.fn(() => Promise.resolve(looks.shift() ?? { titles: 100, waiting: 0 }));
    const seen: Array<[number, number]> = [];
    await expect(
      awaitSeededMedia(look, { ...fakeTime(), onProgress: (ready, titles) => seen.push([ready, titles]) }),
    ).resolves.toBe(100);
    expect(seen).toEqual([
      [0, 100],
      [60, 100],
      [100, 100],
    ]);
    expect(look).toHaveBeenCalledTimes(3);
  });

  it('does not wait when everything already plays (a restart)', async () => {
    const sleep = jest.fn(() => Promise.resolve());
    await awaitSeededMedia(() => Promise.resolve({ titles: 3, waiting: 0 }), { sleep });
    expect(sleep).not.toHaveBeenCalled();
  });

  it('keeps waiting while titles keep becoming playable, however long that takes', async () => {
    let waiting = 50;
    const look = () => Promise.resolve({ titles: 50, waiting: (waiting -= 1) });
    await expect(awaitSeededMedia(look, { ...fakeTime(), pollMs: 10_000, stallMs: 30_000 })).resolves.toBe(
      50,
    );
  });

  it('gives up with a pointer to the logs when nothing becomes playable for the stall time', async () => {
    const look = () => Promise.resolve({ titles: 50, waiting: 20 });
    await expect(awaitSeededMedia(look, { ...fakeTime(), pollMs: 1_000, stallMs: 5_000 })).rejects.toThrow(
      /20 of 50 seeded titles still cannot play.*streaming-service log/,
    );
  });
});
