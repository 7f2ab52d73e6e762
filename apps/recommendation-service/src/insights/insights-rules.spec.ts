import {
  decileOf,
  gstOf,
  istDay,
  lastDays,
  percentileOf,
  qoeBreakdown,
  startupBucketOf,
  STARTUP_BOUNDS_MS,
} from './insights-rules';
import { recount } from './insights-recount';

describe('insights rules (issue 28)', () => {
  it('counts India’s days: 20:00 UTC is already the next day in IST', () => {
    expect(istDay('2026-03-01T18:29:59Z')).toBe('2026-03-01');
    expect(istDay('2026-03-01T18:30:00Z')).toBe('2026-03-02');
    expect(lastDays(3, new Date('2026-03-01T20:00:00Z'))).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('places a position in tenths of the runtime, 0 without a runtime', () => {
    expect(decileOf(0, 1000)).toBe(0);
    expect(decileOf(99, 1000)).toBe(0);
    expect(decileOf(100, 1000)).toBe(1);
    expect(decileOf(950, 1000)).toBe(9);
    expect(decileOf(1200, 1000)).toBe(10);
    expect(decileOf(500, null)).toBe(0);
  });

  it('takes the GST out of GST-inclusive prices (18 %)', () => {
    expect(gstOf(118_000)).toBe(18_000);
    expect(gstOf(14_900)).toBe(2_273);
  });

  it('reads percentiles off the start-up histogram', () => {
    const counts = STARTUP_BOUNDS_MS.map(() => 0);
    expect(percentileOf(counts, 0.5)).toBeNull();
    counts[startupBucketOf(800)] = 10;
    const p50 = percentileOf(counts, 0.5) ?? 0;
    expect(p50).toBeGreaterThan(750);
    expect(p50).toBeLessThanOrEqual(1_000);
    expect(startupBucketOf(10_000_000)).toBe(STARTUP_BOUNDS_MS.length - 1);
  });

  it('recounts each fact once by its natural key', () => {
    const start = {
      type: 'playback.started' as const,
      payload: {
        leaseId: 'lease-1',
        userId: 'u1',
        movieId: 'm1',
        durationSeconds: 100,
        startedAt: '2026-03-01T10:00:00Z',
      },
      occurredAt: new Date('2026-03-01T10:00:00Z'),
    };
    const report = {
      type: 'watch.progressed' as const,
      payload: {
        userId: 'u1',
        movieId: 'm1',
        positionSeconds: 95,
        durationSeconds: 100,
        event: 'exit' as const,
        leaseId: 'lease-1',
        reportedAt: '2026-03-01T10:02:00Z',
        watchedSeconds: 10,
      },
      occurredAt: new Date('2026-03-01T10:02:00Z'),
    };
    const { engagement } = recount([report, start, start, report]);
    expect(engagement.get('2026-03-01|m1')).toMatchObject({
      plays: 1,
      viewers: 1,
      watchSeconds: 10,
      reach: { 1: 1, 9: 1 },
    });
    expect(engagement.get('2026-03-01|*')).toMatchObject({ plays: 1, newViewers: 1 });
  });

  it('breaks a QoE batch down by its browser family and by each sample’s rendition, each report once', () => {
    const sample = {
      timeToFirstFrameMs: null,
      rebufferCount: 0,
      rebufferMs: 0,
      playedMs: 30_000,
      bitrateSwitches: 0,
      fatalErrors: 0,
      rendition: '720p' as const,
    };
    const payload = {
      reportId: 'r1',
      leaseId: 'lease-1',
      userId: 'u1',
      movieId: 'm1',
      reportedAt: '2026-03-01T10:00:00Z',
      browser: 'Safari' as const,
      samples: [
        { ...sample, timeToFirstFrameMs: 900, rebufferMs: 1_000, rebufferCount: 1 },
        { ...sample, rendition: '1080p' as const, bitrateSwitches: 1 },
        { ...sample, rendition: null, playedMs: 0, fatalErrors: 1 },
      ],
    };
    expect(qoeBreakdown(payload)).toEqual([
      { dimension: 'browser', value: 'Safari', inc: expect.objectContaining({ reports: 3, fatalErrors: 1 }) },
      {
        dimension: 'rendition',
        value: '720p',
        inc: expect.objectContaining({
          reports: 1,
          rebufferMs: 1_000,
          [`startup.${startupBucketOf(900)}`]: 1,
        }),
      },
      {
        dimension: 'rendition',
        value: '1080p',
        inc: expect.objectContaining({ reports: 1, bitrateSwitches: 1 }),
      },
      {
        dimension: 'rendition',
        value: 'unknown',
        inc: expect.objectContaining({ reports: 1, fatalErrors: 1 }),
      },
    ]);
    // A batch from before the breakdown has no browser: it counts as Other.
    expect(qoeBreakdown({ samples: [sample] })[0]).toMatchObject({ dimension: 'browser', value: 'Other' });

    const event = { type: 'qoe.reported' as const, payload, occurredAt: new Date(payload.reportedAt) };
    const { qoeDimensions } = recount([event, event]);
    expect(qoeDimensions.get('2026-03-01|browser|Safari')).toMatchObject({ reports: 3, playedMs: 60_000 });
    expect(qoeDimensions.get('2026-03-01|rendition|720p')).toMatchObject({
      reports: 1,
      rebufferMs: 1_000,
      startup: { [startupBucketOf(900)]: 1 },
    });
    expect(qoeDimensions.get('2026-03-01|rendition|unknown')).toMatchObject({ fatalErrors: 1 });
  });
});
