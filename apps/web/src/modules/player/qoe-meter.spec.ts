import { QoeSampleSchema } from '@app/contracts';
import { QoeMeter, renditionOf } from './qoe-meter';

const media = () => Object.assign(new EventTarget(), { paused: false, videoHeight: 720 });

describe('QoE meter (issue 28)', () => {
  it('measures start-up, stalls after the first frame, playing time, the rendition played longest and switches', () => {
    let now = 0;
    const video = media();
    const meter = new QoeMeter(video, () => now);
    now = 1_200;
    video.dispatchEvent(new Event('waiting')); // start-up, not a stall
    video.dispatchEvent(new Event('resize'));
    video.dispatchEvent(new Event('playing'));
    now = 11_200;
    video.dispatchEvent(new Event('waiting'));
    now = 13_200;
    video.dispatchEvent(new Event('playing'));
    video.videoHeight = 1080;
    video.dispatchEvent(new Event('resize'));
    now = 16_200;
    const sample = meter.cut();
    // 10 s at 720p, then 3 s at 1080p: the sample is 720p's.
    expect(sample).toEqual({
      timeToFirstFrameMs: 1_200,
      rebufferCount: 1,
      rebufferMs: 2_000,
      playedMs: 13_000,
      bitrateSwitches: 1,
      fatalErrors: 0,
      rendition: '720p',
    });
    expect(QoeSampleSchema.safeParse(sample).success).toBe(true);
    // The next sample does not repeat the start-up time, and played 1080p only.
    now = 26_200;
    expect(meter.cut()).toMatchObject({
      timeToFirstFrameMs: null,
      playedMs: 10_000,
      rebufferCount: 0,
      rendition: '1080p',
    });
    meter.stop();
  });

  it('names no rendition for a failure before any picture', () => {
    const video = Object.assign(new EventTarget(), { paused: true, videoHeight: 0 });
    const meter = new QoeMeter(video, () => 0);
    video.dispatchEvent(new Event('error'));
    const sample = meter.cut();
    expect(sample).toMatchObject({ fatalErrors: 1, rendition: null });
    expect(QoeSampleSchema.safeParse(sample).success).toBe(true);
    meter.stop();
  });

  it('reads a picture height as the nearest rung of the ladder', () => {
    expect(renditionOf(1080)).toBe('1080p');
    expect(renditionOf(800)).toBe('720p');
    expect(renditionOf(360)).toBe('480p');
    expect(renditionOf(0)).toBeNull();
  });
});
