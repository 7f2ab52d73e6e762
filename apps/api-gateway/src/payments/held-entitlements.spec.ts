import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { ACCESS_CHANGES_CHANNEL, type TitleFacts } from '@app/contracts';
import { MetricsService } from '@app/server-core';
import { planEntitlement } from '@app/server-testing';
import { HeldEntitlements } from './held-entitlements';
import type { PaymentClient } from './payment.client';

const MOVIE = 'd'.repeat(24);
const viewer = { userId: 'b'.repeat(24), isAdmin: false };
const facts: TitleFacts = {
  movieId: MOVIE,
  title: 'Lagaan',
  access: 'premium',
  purchasePriceInr: 1200,
  rentalPriceInr: 500,
  kind: 'movie',
};
const NOW = new Date('2026-11-29T10:00:00.000Z').getTime();

/** Redis pub/sub as RedisBroadcast uses it: a publish reaches every connection subscribed to its channel. */
const fakeRedis = () => {
  const subscribers: EventEmitter[] = [];
  const connection = () =>
    Object.assign(new EventEmitter(), {
      duplicate: () => {
        const subscriber = Object.assign(connection(), {
          subscribe: async () => {
            subscribers.push(subscriber);
            subscriber.emit('ready');
          },
          disconnect: () => undefined,
        });
        return subscriber;
      },
      publish: async (channel: string, message: string) => {
        for (const subscriber of subscribers) subscriber.emit('message', channel, message);
      },
    });
  return connection() as unknown as Redis;
};

const setUp = (changesAt: string | null = null) => {
  const redis = fakeRedis();
  const answer = planEntitlement(MOVIE, { changesAt });
  const payments = { entitlement: jest.fn().mockResolvedValue(answer) };
  const held = new HeldEntitlements(redis, payments as unknown as PaymentClient, new MetricsService());
  held.onModuleInit();
  /** What payment-service does after a write to a subscription or a grant. */
  const paymentWrote = () => redis.publish(ACCESS_CHANGES_CHANNEL, '1');
  return { held, payments, answer, paymentWrote };
};

describe('HeldEntitlements (issue 29 §3: a heartbeat asks payment-service only when the answer may have changed)', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it("reuses a viewer's answer for the title on the next heartbeats, and asks again once its changesAt comes", async () => {
    const changesAt = new Date(NOW + 25_000).toISOString();
    const { held, payments, answer } = setUp(changesAt);

    expect(await held.of(viewer, facts)).toEqual(answer);
    jest.setSystemTime(NOW + 10_000);
    expect(await held.of(viewer, facts)).toEqual(answer);
    jest.setSystemTime(NOW + 24_999);
    await held.of(viewer, facts);
    expect(payments.entitlement).toHaveBeenCalledTimes(1);

    jest.setSystemTime(NOW + 25_000);
    await held.of(viewer, facts);
    expect(payments.entitlement).toHaveBeenCalledTimes(2);
  });

  it('asks again at once after payment-service announces a write (a refund, a payment), on this gateway too', async () => {
    const { held, payments, paymentWrote } = setUp();
    await held.of(viewer, facts);
    await paymentWrote();
    await held.of(viewer, facts);
    expect(payments.entitlement).toHaveBeenCalledTimes(2);
  });

  it('never keeps an answer whose call was in flight when a write was announced (it may predate the write)', async () => {
    const { held, payments, paymentWrote } = setUp();
    let answerLate: () => void = () => undefined;
    payments.entitlement.mockImplementationOnce(
      () =>
        new Promise((resolve) => (answerLate = () => resolve(planEntitlement(MOVIE, { canWatch: true })))),
    );
    const first = held.of(viewer, facts);
    await paymentWrote();
    answerLate();
    await first;
    await held.of(viewer, facts);
    expect(payments.entitlement).toHaveBeenCalledTimes(2);
  });

  it("asks again when the title's facts changed (an admin made it premium, moved its licence)", async () => {
    const { held, payments } = setUp();
    await held.of(viewer, facts);
    await held.of(viewer, { ...facts });
    expect(payments.entitlement).toHaveBeenCalledTimes(1);
    await held.of(viewer, { ...facts, availableUntil: new Date(NOW + 3_600_000).toISOString() });
    expect(payments.entitlement).toHaveBeenCalledTimes(2);
  });

  it('keeps each viewer, role and title apart', async () => {
    const { held, payments } = setUp();
    await held.of(viewer, facts);
    await held.of({ ...viewer, isAdmin: true }, facts);
    await held.of({ ...viewer, userId: 'c'.repeat(24) }, facts);
    await held.of(viewer, { ...facts, movieId: 'e'.repeat(24) });
    expect(payments.entitlement).toHaveBeenCalledTimes(4);
  });

  it('holds an answer that never changes by the clock a minute at most (a safety net for a lost announcement)', async () => {
    const { held, payments } = setUp(null);
    await held.of(viewer, facts);
    jest.setSystemTime(NOW + 59_000);
    await held.of(viewer, facts);
    expect(payments.entitlement).toHaveBeenCalledTimes(1);
    jest.setSystemTime(NOW + 60_000);
    await held.of(viewer, facts);
    expect(payments.entitlement).toHaveBeenCalledTimes(2);
  });
});
