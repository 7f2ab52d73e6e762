import {
  decileOf,
  gstOf,
  isActiveSubscription,
  istDay,
  lastDays,
  percentileOf,
  qoeBreakdown,
  startupBucketOf,
  STARTUP_BOUNDS_MS,
} from './insights-rules';
import { recount, type CountedEvent } from './insights-recount';

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

  describe('a plan bought with a promo code (issue 27)', () => {
    const paidAt = new Date('2026-03-01T10:00:00Z');
    const startAt = new Date('2026-03-31T10:00:00Z');
    const changed = (status: string, at: Date, trialEndsAt?: string): CountedEvent => ({
      type: 'subscription.changed',
      payload: {
        userId: 'u1',
        subscriptionId: 'sub_1',
        planId: 'basic',
        status,
        currentEnd: null,
        ...(trialEndsAt ? { trialEndsAt } : {}),
      },
      occurredAt: at,
    });
    const upfront: CountedEvent = {
      type: 'payment.captured',
      payload: {
        paymentId: 'pay_1',
        userId: 'u1',
        kind: 'subscription',
        movieId: null,
        planId: 'basic',
        amountPaise: 11_900,
        listPricePaise: 14_900,
        upfront: { subscriptionId: 'sub_1', paidUntil: startAt.toISOString() },
      },
      occurredAt: paidAt,
    };
    const firstPlanCharge: CountedEvent = {
      type: 'payment.captured',
      payload: {
        paymentId: 'pay_2',
        userId: 'u1',
        kind: 'subscription',
        movieId: null,
        planId: 'basic',
        amountPaise: 14_900,
      },
      occurredAt: startAt,
    };

    it('counts as live while authenticated once its first period is paid; a free trial does not', () => {
      expect(isActiveSubscription({ status: 'active' })).toBe(true);
      expect(isActiveSubscription({ status: 'authenticated', paidUntil: startAt })).toBe(true);
      // A free trial: authenticated, nothing paid.
      expect(isActiveSubscription({ status: 'authenticated' })).toBe(false);
      expect(isActiveSubscription({ status: 'authenticated', paidUntil: null })).toBe(false);
      expect(isActiveSubscription({ status: 'cancelled', paidUntil: startAt })).toBe(false);
      expect(isActiveSubscription({ status: 'pending', paidUntil: startAt })).toBe(false);
    });

    it('is new and live at its upfront capture, renewed at start_at, never a trial, in any order', () => {
      const events = [
        changed('active', startAt),
        firstPlanCharge,
        upfront,
        changed('authenticated', paidAt),
        upfront,
        firstPlanCharge,
      ];
      const { revenue, subscriptions } = recount(events);
      expect(revenue.get('2026-03-01')).toMatchObject({
        subscriptionPaise: 11_900,
        newSubscriptions: 1,
        renewals: 0,
        trialsStarted: 0,
        trialConversions: 0,
      });
      expect(revenue.get('2026-03-31')).toMatchObject({
        subscriptionPaise: 14_900,
        newSubscriptions: 0,
        renewals: 1,
        trialsStarted: 0,
        trialConversions: 0,
      });
      expect(subscriptions.get('sub_1')).toEqual({
        _id: 'sub_1',
        userId: 'u1',
        planId: 'basic',
        status: 'active',
        at: startAt,
        paidUntil: startAt,
      });
    });

    it('is live from the capture alone, before (or without) its state event', () => {
      const [state] = recount([upfront]).subscriptions.values();
      expect(state).toMatchObject({ status: 'authenticated', paidUntil: startAt });
      expect(isActiveSubscription(state)).toBe(true);
      // Cancelled in its paid period: no longer counted.
      const cancelled = recount([changed('cancelled', new Date('2026-03-02T10:00:00Z')), upfront]);
      expect(isActiveSubscription(cancelled.subscriptions.get('sub_1') ?? state)).toBe(false);
    });

    it('leaves the free trial as it was: authenticated and unpaid is not live, its first charge converts it', () => {
      const trialEndsAt = '2026-03-08T10:00:00Z';
      const trial = recount([changed('authenticated', paidAt, trialEndsAt)]);
      expect(isActiveSubscription(trial.subscriptions.get('sub_1') ?? { status: '' })).toBe(false);
      expect(trial.revenue.get('2026-03-01')).toMatchObject({ trialsStarted: 1, trialConversions: 0 });
      const converted = recount([
        changed('authenticated', paidAt, trialEndsAt),
        changed('active', new Date(trialEndsAt), trialEndsAt),
      ]);
      expect(isActiveSubscription(converted.subscriptions.get('sub_1') ?? { status: '' })).toBe(true);
      expect(converted.revenue.get('2026-03-08')).toMatchObject({ trialConversions: 1 });
    });
  });
});
