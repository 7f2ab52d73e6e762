import { throttledWriter } from './progress-throttle';

describe('progress writes', () => {
  it('go out at most once per interval and one at a time', async () => {
    let clock = 0;
    const written: number[] = [];
    let release: () => void = () => undefined;
    const writer = throttledWriter(
      (value: number) => {
        written.push(value);
        return new Promise<void>((resolve) => (release = resolve));
      },
      1000,
      () => clock,
    );
    writer.offer(1);
    clock = 500;
    writer.offer(2); // too soon
    clock = 1500;
    writer.offer(3); // the first write is still running
    release();
    await writer.flush();
    writer.offer(4);
    release();
    await writer.flush();
    expect(written).toEqual([1, 4]);
  });
});
