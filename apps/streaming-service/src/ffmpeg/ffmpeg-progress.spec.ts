import type { ProgressSample } from './ffmpeg-progress';
import { progressOf, progressParser } from './ffmpeg-progress';

describe('ffmpeg -progress parsing', () => {
  it('emits one sample per block, across chunk boundaries, keeping the last good position', () => {
    const samples: ProgressSample[] = [];
    const feed = progressParser((sample) => samples.push(sample));
    feed('frame=10\nout_time_us=N/A\nout_time_ms=-5\nprogress=continue\nframe=48\nout_ti');
    feed('me_us=2000000\nout_time=00:00:02.000000\nprogress=cont');
    feed('inue\nout_time_us=6000000\nprogress=end\n');
    expect(samples).toEqual([
      { outTimeSeconds: 0, ended: false },
      { outTimeSeconds: 2, ended: false },
      { outTimeSeconds: 6, ended: true },
    ]);
  });

  it('turns position, duration and time spent into percent and ETA', () => {
    expect(progressOf({ outTimeSeconds: 15, ended: false }, 60, 10)).toEqual({ percent: 25, etaSeconds: 30 });
    // Too early to say how long is left.
    expect(progressOf({ outTimeSeconds: 0.3, ended: false }, 60, 2)).toEqual({
      percent: 0.5,
      etaSeconds: null,
    });
    // Held below 100 until ffmpeg says it ended.
    expect(progressOf({ outTimeSeconds: 61, ended: false }, 60, 20).percent).toBe(99);
    expect(progressOf({ outTimeSeconds: 60, ended: true }, 60, 20)).toEqual({ percent: 100, etaSeconds: 0 });
    expect(progressOf({ outTimeSeconds: 5, ended: false }, null, 5)).toEqual({
      percent: 0,
      etaSeconds: null,
    });
  });
});
