import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { EVENT_STREAM, InsightsRpc, TRIAL_DAYS } from '@app/contracts';
import { buildEnvelope, ENVELOPE_FIELD } from '@app/server-core';
import { progressReport, waitUntil } from '@app/server-testing';
import { generateHistory } from '../src/insights/insights-history';
import type { CountedEvent } from '../src/insights/insights-recount';
import { InsightsRecorder } from '../src/insights/insights-recorder.service';
import { RevenueRepository } from '../src/insights/revenue.repository';
import { recount } from '../src/insights/insights-recount';
import { ACTIVE_SUBSCRIPTION, isActiveSubscription, istDay } from '../src/insights/insights-rules';
import type {
  EngagementBucketDoc,
  QoeBucketDoc,
  QoeDimensionBucketDoc,
  RevenueBucketDoc,
  SubscriptionDoc,
} from '../src/insights/insights.schemas';
import { InsightsModels } from '../src/insights/insights.schemas';
import type { RecoHarness } from './reco-context';
import { newGenre, newId, startReco } from './reco-context';

const DAY = 86_400_000;

/** A bucket's counters without zeros (an increment undone, a field never set), for comparing. */
const counters = (doc: object): Record<string, unknown> => {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === '_id' || key === 'day' || key === 'itemId') continue;
    if (value && typeof value === 'object') {
      const nested = Object.fromEntries(Object.entries(value).filter(([, n]) => n !== 0));
      if (Object.keys(nested).length > 0) flat[key] = nested;
    } else if (value !== 0) flat[key] = value;
  }
  return flat;
};
const table = (docs: Iterable<{ _id: string } & object>) =>
  Object.fromEntries(
    [...docs].map((doc) => [doc._id, counters(doc)]).filter(([, c]) => Object.keys(c).length > 0),
  );
/** Subscription states by id, dates as text, for comparing. */
const states = (docs: Iterable<SubscriptionDoc>) =>
  Object.fromEntries(
    [...docs].map(({ _id, userId, planId, status, at, paidUntil }) => [
      _id,
      { userId, planId, status, at: at.toISOString(), paidUntil: paidUntil?.toISOString() ?? null },
    ]),
  );

/** A deterministic shuffle (mulberry32), so a failure replays. */
const shuffled = <T>(list: readonly T[], seed: number): T[] => {
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};

describe('insights (issue 28): buckets fed by the insights consumer group', () => {
  let reco: RecoHarness;
  let engagement: Model<EngagementBucketDoc>;
  let revenue: Model<RevenueBucketDoc>;
  let qoe: Model<QoeBucketDoc>;
  let qoeDimensions: Model<QoeDimensionBucketDoc>;
  let subscriptions: Model<SubscriptionDoc>;

  beforeAll(async () => {
    reco = await startReco('reco-insights');
    engagement = reco.service.app.get(getModelToken(InsightsModels.engagement));
    revenue = reco.service.app.get(getModelToken(InsightsModels.revenue));
    qoe = reco.service.app.get(getModelToken(InsightsModels.qoe));
    qoeDimensions = reco.service.app.get(getModelToken(InsightsModels.qoeDimension));
    subscriptions = reco.service.app.get(getModelToken(InsightsModels.subscription));
  });
  afterAll(() => reco?.close());

  const publishAll = async (deliveries: ReadonlyArray<CountedEvent & { id: string }>) => {
    for (const { type, payload, occurredAt, id } of deliveries)
      await reco.bus.publish(type, payload as never, { occurredAt, id });
  };

  const storedFor = async (days: string[], subscriptionIds: string[]) => {
    const range = { $gte: days[0], $lte: days[days.length - 1] };
    return {
      subscriptions: states(
        await subscriptions.find({ _id: { $in: subscriptionIds } }).lean<SubscriptionDoc[]>(),
      ),
      engagement: table(await engagement.find({ day: range }).lean<EngagementBucketDoc[]>()),
      revenue: table(await revenue.find({ _id: range }).lean<RevenueBucketDoc[]>()),
      qoe: table(await qoe.find({ day: range }).lean<QoeBucketDoc[]>()),
      qoeDimensions: table(await qoeDimensions.find({ day: range }).lean<QoeDimensionBucketDoc[]>()),
    };
  };

  it('equals a recount of the distinct events after redelivered, duplicated and out-of-order events', async () => {
    // Days of their own, years back, so no other test's buckets share them.
    const end = new Date(Date.UTC(2003, 0, 1) + Math.floor(Math.random() * 3000) * DAY);
    const titleIds = [newId(), newId(), newId()];
    // A plan bought with a promo code (issue 27): its discounted first period captured upfront (Razorpay says
    // `authenticated` for that month), then the plan's first charge at its list price on `start_at`.
    const promoUser = newId();
    const promoSub = `sub_${newId()}`;
    const paidAt = new Date(end.getTime() - 38 * DAY);
    const startAt = new Date(paidAt.getTime() + 30 * DAY);
    const promoCharge = (n: number, amountPaise: number, at: Date): CountedEvent => ({
      type: 'payment.captured',
      payload: {
        paymentId: `pay_${promoSub}_${n}`,
        userId: promoUser,
        kind: 'subscription',
        movieId: null,
        planId: 'basic',
        amountPaise,
        ...(n === 1
          ? {
              listPricePaise: 14_900,
              upfront: { subscriptionId: promoSub, paidUntil: startAt.toISOString() },
            }
          : {}),
      },
      occurredAt: at,
    });
    const promoState = (status: string, at: Date): CountedEvent => ({
      type: 'subscription.changed',
      payload: { userId: promoUser, subscriptionId: promoSub, planId: 'basic', status, currentEnd: null },
      occurredAt: at,
    });
    const history = [
      ...generateHistory({
        plays: 60,
        titleIds,
        seriesIds: [titleIds[2]],
        viewers: 12,
        // Longer than a free trial and a month, so the history holds a trial and renewed promo plans (issue 27).
        days: 40,
        end,
        random: Math.random,
      }),
      promoCharge(1, 11_900, paidAt),
      promoState('authenticated', paidAt),
      promoCharge(2, 14_900, startAt),
      promoState('active', startAt),
    ].map((event) => ({ ...event, id: randomUUID() }));
    const seed = Math.floor(Math.random() * 2 ** 31);
    // Redeliveries (same envelope id) and duplicates (the same fact announced again under a new id), all shuffled:
    // reports before their play's start, a viewer's later play before their first, a plan's charge before its
    // upfront first period.
    const deliveries = shuffled(
      [
        ...history,
        ...history.filter((_, i) => i % 3 === 0),
        ...history.filter((_, i) => i % 4 === 1).map((event) => ({ ...event, id: randomUUID() })),
      ],
      seed,
    );
    await publishAll(deliveries);
    const days = Array.from({ length: 42 }, (_, i) => istDay(end.getTime() - (41 - i) * DAY));
    const expected = recount(history);
    const subscriptionIds = [...expected.subscriptions.keys()];
    const want = {
      subscriptions: states(expected.subscriptions.values()),
      engagement: table(expected.engagement.values()),
      revenue: table(expected.revenue.values()),
      qoe: table(expected.qoe.values()),
      qoeDimensions: table(expected.qoeDimensions.values()),
    };
    let got = await storedFor(days, subscriptionIds);
    await waitUntil(
      async () => {
        got = await storedFor(days, subscriptionIds);
        return isDeepStrictEqual(got, want);
      },
      `the buckets to equal the recount (shuffle seed ${seed})`,
      60_000,
    ).catch(() => undefined);
    expect(got).toEqual(want);
    expect(Object.keys(want.engagement).length).toBeGreaterThan(5);
    expect(Object.keys(want.revenue).length).toBeGreaterThan(0);
    const trialsStarted = [...expected.revenue.values()].reduce(
      (sum, bucket) => sum + bucket.trialsStarted,
      0,
    );
    expect(trialsStarted).toBeGreaterThan(0);
    // The repository counts live subscriptions by the rule the recount states (paid first periods in, trials out).
    expect(
      await subscriptions.countDocuments({ _id: { $in: subscriptionIds }, ...ACTIVE_SUBSCRIPTION }),
    ).toBe([...expected.subscriptions.values()].filter(isActiveSubscription).length);
    // The promo plan: new at its upfront capture, a renewal (not new, not a conversion) at its start_at.
    expect(want.subscriptions[promoSub]).toMatchObject({
      status: 'active',
      paidUntil: startAt.toISOString(),
    });
    expect(expected.revenue.get(istDay(paidAt))?.newSubscriptions).toBeGreaterThanOrEqual(1);
    expect(expected.revenue.get(istDay(startAt))?.renewals).toBeGreaterThanOrEqual(1);
    // The history's QoE batches reach the browser and rendition breakdowns (which rows a random history fills varies:
    // a sample without a picture, the `unknown` rendition, was missing from one CI run's history).
    expect(Object.keys(want.qoeDimensions).some((id) => id.includes('|browser|'))).toBe(true);
    expect(Object.keys(want.qoeDimensions).some((id) => id.includes('|rendition|'))).toBe(true);
  });

  it("adds a read's watch time to each bucket once: one bulk write per read, not one per report", async () => {
    const day = new Date(Date.UTC(2002, 0, 1) + Math.floor(Math.random() * 300) * DAY);
    const movieId = newId();
    const leases = [randomUUID(), randomUUID(), randomUUID()];
    const bulk = jest.spyOn(engagement, 'bulkWrite');
    try {
      // In the stream at once, as a busy minute leaves them: one XADD each, sent in one round trip.
      const pipeline = reco.redis.pipeline();
      leases.forEach((leaseId, i) => {
        for (const second of [10, 20]) {
          const report = progressReport(newId(), movieId, {
            leaseId,
            positionSeconds: second,
            watchedSeconds: 10,
            reportedAt: new Date(day.getTime() + i * 60_000 + second * 1000).toISOString(),
          });
          pipeline.xadd(
            EVENT_STREAM,
            '*',
            ENVELOPE_FIELD,
            JSON.stringify(buildEnvelope('watch.progressed', report)),
          );
        }
      });
      await pipeline.exec();
      const bucket = `${istDay(day.getTime())}|${movieId}`;
      await waitUntil(
        async () => (await engagement.findById(bucket).lean<EngagementBucketDoc>())?.watchSeconds === 60,
        'the six reports to be counted',
      );
      // One read (or two, if the consumer read while the pipeline was landing): six reports, one write each before.
      expect(bulk.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      bulk.mockRestore();
    }
  });

  it('counts each tenth of a play once when replicas apply its reports at the same moment', async () => {
    const recorders = [reco.service.app.get(InsightsRecorder), reco.service.app.get(InsightsRecorder)];
    for (let trial = 0; trial < 5; trial += 1) {
      const day = new Date(Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 360) * DAY);
      const movieId = newId();
      const userId = newId();
      const leaseId = randomUUID();
      const at = (second: number) => new Date(day.getTime() + second * 1000).toISOString();
      await recorders[0].playStarted({ leaseId, userId, movieId, durationSeconds: 100, startedAt: at(0) });
      // Reports of every tenth of a 100 s film at once, each applied by one of two recorders (replicas): all but one
      // lose the compare-and-set of the reach and must read the play again.
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          recorders[i % 2].progressed(
            progressReport(userId, movieId, {
              leaseId,
              positionSeconds: (i + 1) * 10,
              durationSeconds: 100,
              watchedSeconds: 0,
              reportedAt: at((i + 1) * 10),
            }),
          ),
        ),
      );
      const bucket = await engagement
        .findById(`${istDay(day.getTime())}|${movieId}`)
        .lean<EngagementBucketDoc>();
      expect(bucket?.reach).toEqual(
        Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i + 1), 1])),
      );
    }
  });

  it("takes a plan's list price for MRR, not a promo code's discounted first period (issue 27)", async () => {
    const charges = reco.service.app.get(RevenueRepository);
    await reco.bus.publish('payment.captured', {
      paymentId: `pay_${newId()}`,
      userId: newId(),
      kind: 'subscription',
      movieId: null,
      planId: 'premium',
      amountPaise: 71_900,
      listPricePaise: 89_900,
    });
    await waitUntil(
      async () => (await charges.planCharges()).get('premium') === 89_900,
      "premium's price from the discounted charge",
    ).catch(() => undefined);
    expect((await charges.planCharges()).get('premium')).toBe(89_900);
  });

  it('counts a promo plan live and new from its upfront capture, renewed at start_at; an unpaid trial is not live (issue 27)', async () => {
    const repository = reco.service.app.get(RevenueRepository);
    // A plan id of its own, so the live count is this test's; days of their own, decades back.
    const planId = `plan-${newId()}`;
    const live = async () => (await repository.activeByPlan()).get(planId) ?? 0;
    const bucketOn = async (at: number) =>
      (await revenue.findById(istDay(at)).lean<RevenueBucketDoc>()) ?? null;
    const paidAt = Date.UTC(1985, 0, 1) + Math.floor(Math.random() * 3000) * DAY;
    const startAt = paidAt + 30 * DAY;
    const buyer = newId();
    const subscriptionId = `sub_${newId()}`;
    const charge = (n: number, amountPaise: number, upfront: boolean) => ({
      paymentId: `pay_${subscriptionId}_${n}`,
      userId: buyer,
      kind: 'subscription' as const,
      movieId: null,
      planId,
      amountPaise,
      ...(upfront
        ? {
            listPricePaise: 14_900,
            upfront: { subscriptionId, paidUntil: new Date(startAt).toISOString() },
          }
        : {}),
    });
    const state = (status: string) => ({ userId: buyer, subscriptionId, planId, status, currentEnd: null });

    // A free trial of the same plan, authorised and not yet charged: started, not live.
    const trialist = newId();
    const trialId = `sub_${newId()}`;
    const trialStart = paidAt + 2 * DAY;
    const trialEndsAt = new Date(trialStart + TRIAL_DAYS * DAY).toISOString();
    const trial = (status: string) => ({
      userId: trialist,
      subscriptionId: trialId,
      planId,
      status,
      currentEnd: null,
      trialEndsAt,
    });
    await reco.bus.publish('subscription.changed', trial('authenticated'), {
      occurredAt: new Date(trialStart),
    });
    // The upfront capture alone (its state event not come yet): live, and a new subscription on its day.
    await reco.bus.publish('payment.captured', charge(1, 11_900, true), { occurredAt: new Date(paidAt) });
    await waitUntil(async () => (await bucketOn(trialStart))?.trialsStarted === 1, 'the trial started');
    await waitUntil(async () => (await live()) === 1, 'the paid first period live').catch(() => undefined);
    expect(await live()).toBe(1);
    await waitUntil(async () => (await bucketOn(paidAt))?.newSubscriptions === 1, 'a new subscription');

    // Authenticated (Razorpay's word for the whole paid month), then the plan's first charge: a renewal.
    await reco.bus.publish('subscription.changed', state('authenticated'), { occurredAt: new Date(paidAt) });
    await reco.bus.publish('payment.captured', charge(2, 14_900, false), { occurredAt: new Date(startAt) });
    await reco.bus.publish('subscription.changed', state('active'), { occurredAt: new Date(startAt) });
    await waitUntil(async () => (await bucketOn(startAt))?.renewals === 1, 'the renewal at start_at');
    await waitUntil(
      async () => (await subscriptions.findById(subscriptionId).lean<SubscriptionDoc>())?.status === 'active',
      'the subscription active',
    );
    expect(await live()).toBe(1);
    expect(await bucketOn(paidAt)).toMatchObject({
      newSubscriptions: 1,
      renewals: 0,
      subscriptionPaise: 11_900,
    });
    expect(await bucketOn(startAt)).toMatchObject({
      newSubscriptions: 0,
      renewals: 1,
      subscriptionPaise: 14_900,
    });
    for (const at of [paidAt, startAt]) expect((await bucketOn(at))?.trialConversions ?? 0).toBe(0);

    // The trial's first charge: converted, and live from then on.
    await reco.bus.publish('subscription.changed', trial('active'), { occurredAt: new Date(trialEndsAt) });
    await waitUntil(async () => (await live()) === 2, 'the converted trial live').catch(() => undefined);
    expect(await live()).toBe(2);
    // The live count and the day's bucket are two writes: wait for the bucket too.
    await waitUntil(
      async () => (await bucketOn(Date.parse(trialEndsAt)))?.trialConversions === 1,
      'the trial conversion counted',
    ).catch(() => undefined);
    expect(await bucketOn(Date.parse(trialEndsAt))).toMatchObject({ trialConversions: 1 });
  });

  it('answers the Insights reads: plays, completion, retention, revenue with GST apart, start-up percentiles', async () => {
    const genre = newGenre();
    const title = await reco.publishTitle({ genre });
    const now = Date.now();
    const leases = ['insightsA01', 'insightsB02', 'insightsC03', 'insightsD04'];
    const viewers = [newId(), newId(), newId(), newId()];
    for (const [i, leaseId] of leases.entries()) {
      await reco.bus.publish('playback.started', {
        leaseId,
        userId: viewers[i],
        movieId: title.movieId,
        durationSeconds: 1000,
        startedAt: new Date(now - 60_000).toISOString(),
      });
      // Viewers stop at 25 %, 55 %, 95 % and 100 %.
      await reco.bus.publish('watch.progressed', {
        userId: viewers[i],
        movieId: title.movieId,
        positionSeconds: [250, 550, 950, 1000][i],
        durationSeconds: 1000,
        event: 'exit',
        leaseId,
        reportedAt: new Date(now - 1_000 + i).toISOString(),
        watchedSeconds: 10,
      });
    }
    const paymentId = `pay_${newId()}`;
    await reco.bus.publish('payment.captured', {
      paymentId,
      userId: viewers[0],
      kind: 'purchase',
      movieId: title.movieId,
      planId: null,
      amountPaise: 118_000,
    });
    await reco.bus.publish('qoe.reported', {
      reportId: randomUUID(),
      leaseId: leases[0],
      userId: viewers[0],
      movieId: title.movieId,
      reportedAt: new Date(now).toISOString(),
      browser: 'Edge',
      samples: [
        {
          timeToFirstFrameMs: 800,
          rebufferCount: 1,
          rebufferMs: 1_000,
          playedMs: 9_000,
          bitrateSwitches: 2,
          fatalErrors: 0,
          rendition: '720p',
        },
      ],
    });

    // Each report moves several points of the curve, applied as its event arrives: wait for all four.
    const expected = [1, 1, 1, 0.75, 0.75, 0.75, 0.5, 0.5, 0.5, 0.5, 0.25];
    const shares = async () =>
      (await reco.service.call(InsightsRpc.retention, { itemId: title.movieId, days: 7 })).points.map(
        (point) => point.share,
      );
    await waitUntil(
      async () => JSON.stringify(await shares()) === JSON.stringify(expected),
      'the retention curve',
    ).catch(() => undefined);
    expect(await shares()).toEqual(expected);
    expect((await reco.service.call(InsightsRpc.retention, { itemId: title.movieId, days: 7 })).plays).toBe(
      4,
    );

    const report = await reco.service.call(InsightsRpc.engagement, { days: 30 });
    const row = report.titles.find((entry) => entry.itemId === title.movieId);
    expect(row).toMatchObject({ title: title.title, genre, plays: 4, viewers: 4, completionRate: 0.5 });
    expect(row?.watchMinutes).toBeCloseTo(40 / 60, 1);
    expect(report.genres.find((entry) => entry.genre === genre)).toMatchObject({ plays: 4 });

    await waitUntil(async () => {
      const money = await reco.service.call(InsightsRpc.revenue, { days: 7 });
      return money.totals.purchasePaise >= 118_000;
    }, 'the purchase in revenue');
    const money = await reco.service.call(InsightsRpc.revenue, { days: 7 });
    const today = money.daily[money.daily.length - 1];
    // ₹1,180 with GST included at 18 %: ₹180 of it is GST.
    expect(today.purchasePaise).toBeGreaterThanOrEqual(118_000);
    expect(today.gstPaise).toBeGreaterThanOrEqual(18_000);

    await waitUntil(
      async () =>
        (await reco.service.call(InsightsRpc.qoe, { days: 7 })).titles.some(
          (t) => t.itemId === title.movieId,
        ),
      'QoE',
    );
    const quality = await reco.service.call(InsightsRpc.qoe, { days: 7 });
    expect(quality.titles.find((t) => t.itemId === title.movieId)).toMatchObject({
      reports: 1,
      rebufferRatio: 0.1,
      bitrateSwitches: 2,
    });
    const startup = quality.titles.find((t) => t.itemId === title.movieId)?.startupP50Ms ?? 0;
    expect(startup).toBeGreaterThan(750);
    expect(startup).toBeLessThanOrEqual(1_000);
    // The same batch in the breakdowns (other batches of today may share these rows: at least this one).
    const edge = quality.browsers.find((row) => row.browser === 'Edge');
    expect(edge?.plays).toBeGreaterThanOrEqual(1);
    expect(edge?.bitrateSwitches).toBeGreaterThanOrEqual(2);
    const hd = quality.renditions.find((row) => row.rendition === '720p');
    expect(hd?.plays).toBeGreaterThanOrEqual(1);
    expect(hd?.startupP50Ms).toBeGreaterThan(0);

    // A deleted account (DPDP): its viewer record goes, the counts it added stay.
    const viewerModel: Model<{ _id: string }> = reco.service.app.get(getModelToken(InsightsModels.viewer));
    const key = `${viewers[0]}:${viewers[0]}`;
    expect(await viewerModel.exists({ _id: key })).not.toBeNull();
    await reco.bus.publish('user.deleted', { userId: viewers[0] });
    await waitUntil(async () => (await viewerModel.exists({ _id: key })) === null, 'the viewer forgotten');
    expect((await reco.service.call(InsightsRpc.retention, { itemId: title.movieId, days: 7 })).plays).toBe(
      4,
    );
  });
});
