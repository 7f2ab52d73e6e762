import { QoeSampleSchema } from '@app/contracts';
import { browserName, QoeMeter } from './qoe-meter';

const media = () => Object.assign(new EventTarget(), { paused: false, videoHeight: 720 });

describe('QoE meter (issue 28)', () => {
  it('measures start-up, stalls after the first frame, playing time and rendition switches', () => {
    let now = 0;
    const video = media();
    const meter = new QoeMeter(video, 'Chrome', () => now);
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
    now = 23_200;
    const sample = meter.cut();
    expect(sample).toEqual({
      timeToFirstFrameMs: 1_200,
      rebufferCount: 1,
      rebufferMs: 2_000,
      playedMs: 20_000,
      bitrateSwitches: 1,
      fatalErrors: 0,
      rendition: '1080p',
      browser: 'Chrome',
    });
    expect(QoeSampleSchema.safeParse(sample).success).toBe(true);
    // The next sample does not repeat the start-up time.
    now = 33_200;
    expect(meter.cut()).toMatchObject({ timeToFirstFrameMs: null, playedMs: 10_000, rebufferCount: 0 });
    meter.stop();
  });

  it('names the browser family', () => {
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36')).toBe(
      'Chrome',
    );
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox',
    );
    expect(browserName('Mozilla/5.0 AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15')).toBe('Safari');
  });
});
