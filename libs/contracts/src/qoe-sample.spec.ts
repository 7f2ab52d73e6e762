import { Events } from './events';
import { QoeSampleSchema } from './qoe-sample';

const sample = {
  timeToFirstFrameMs: 900,
  rebufferCount: 0,
  rebufferMs: 0,
  playedMs: 30_000,
  bitrateSwitches: 0,
  fatalErrors: 0,
  rendition: '720p',
};

describe('QoE samples (issue 28)', () => {
  it('takes a rung of the ladder, or null before the first frame, and nothing else', () => {
    expect(QoeSampleSchema.safeParse(sample).success).toBe(true);
    expect(QoeSampleSchema.safeParse({ ...sample, rendition: null }).success).toBe(true);
    for (const rendition of ['360p', 'auto', 'mp4', 720]) {
      const parsed = QoeSampleSchema.safeParse({ ...sample, rendition });
      expect(parsed.error?.issues[0].message).toBe(
        'rendition must be one of 1080p, 720p, 480p (or null before the first frame)',
      );
    }
  });

  it('leaves the browser to the server: a sample naming one is refused', () => {
    expect(QoeSampleSchema.safeParse({ ...sample, browser: 'Chrome' }).success).toBe(false);
  });

  it('reads a batch announced before the breakdown: no browser, an unknown rendition as none', () => {
    const parsed = Events['qoe.reported'].parse({
      reportId: 'r1',
      leaseId: 'lease-1',
      userId: 'u1',
      movieId: 'm1',
      reportedAt: '2026-03-01T10:00:00Z',
      samples: [{ ...sample, rendition: 'auto', browser: 'Chrome' }],
    });
    expect(parsed.browser).toBeUndefined();
    expect(parsed.samples).toEqual([{ ...sample, rendition: null }]);
  });
});
