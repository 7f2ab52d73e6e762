import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { Redis } from 'ioredis';
import type { EventEnvelope, EventPayload } from '@app/contracts';
import {
  AccessReason,
  ErrorCode,
  EVENT_STREAM,
  PaymentMessages,
  PaymentPatterns,
  PaymentRpc,
} from '@app/contracts';
import { AppError, EventBus, REDIS_CLIENT, REDIS_UNAVAILABLE_MESSAGE } from '@app/server-core';
import { GrantRecord } from '../src/entitlements/grant.schema';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { failure, paymentContext, startPaymentSuite } from './payment-context';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('payment-service rentals, refunds and hostile input', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;
  let grantModel: Model<GrantRecord>;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-access');
    ctx = paymentContext(suite);
    grantModel = suite.service.app.get<Model<GrantRecord>>(getModelToken(GrantRecord.name));
  });

  afterEach(() => suite.razorpay.setDelivery({ failRefunds: false }));
  afterAll(() => suite?.close());

  const startRental = (userId: string, movieId: string) =>
    suite.service.call(PaymentRpc.startRental, { userId, movieId });
  /** Moves a rental's clocks into the past, as if it had been rented `ago` ms before (and started `startedAgo`). */
  const age = async (source: string, ago: number, startedAgo: number | null = null) => {
    const rentedAt = new Date(Date.now() - ago);
    await grantModel
      .updateOne(
        { source },
        {
          $set: {
            'rental.rentedAt': rentedAt,
            'rental.startBy': new Date(rentedAt.getTime() + 30 * DAY),
            'rental.startedAt': startedAgo === null ? null : new Date(Date.now() - startedAgo),
            'rental.expiresAt': startedAgo === null ? null : new Date(Date.now() - startedAgo + 48 * HOUR),
          },
        },
      )
      .exec();
  };

  describe('rental clocks', () => {
    it('starts the 48 hours on the first play; concurrent first plays all get the one clock', async () => {
      const payer = ctx.newPayer();
      const title = ctx.newTitle();
      await ctx.acquire(payer, title, 'rental');
      const clocks = await Promise.all(
        Array.from({ length: 5 }, () => startRental(payer.userId, title.movieId)),
      );
      expect(new Set(clocks.map((c) => JSON.stringify(c))).size).toBe(1);
      const [clock] = clocks;
      expect(new Date(clock.expiresAt ?? 0).getTime() - new Date(clock.startedAt ?? 0).getTime()).toBe(
        48 * HOUR,
      );
      expect(await ctx.entitlement(payer, title)).toMatchObject({
        canWatch: true,
        reason: AccessReason.Rental,
        rental: clock,
      });
    });

    it('refuses to start after 30 days, and says rental-expired', async () => {
      const payer = ctx.newPayer();
      const title = ctx.newTitle();
      const { confirmation } = await ctx.acquire(payer, title, 'rental');
      await age(confirmation.razorpay_payment_id, 30 * DAY + 1000);
      expect(await failure(startRental(payer.userId, title.movieId))).toMatchObject({
        code: ErrorCode.Conflict,
        message: PaymentMessages.rentalExpired,
      });
      expect(await ctx.entitlement(payer, title)).toMatchObject({
        canWatch: false,
        reason: AccessReason.RentalExpired,
      });
      // An expired rental may be rented again.
      await expect(ctx.order(payer, title, 'rental')).resolves.toMatchObject({ amount: 50_000 });
    });

    it('plays until 48 hours after the first play, even past the 30 days, and not after', async () => {
      const payer = ctx.newPayer();
      const title = ctx.newTitle();
      const { confirmation } = await ctx.acquire(payer, title, 'rental');
      await age(confirmation.razorpay_payment_id, 31 * DAY, 47 * HOUR);
      expect((await ctx.entitlement(payer, title)).canWatch).toBe(true);
      await expect(startRental(payer.userId, title.movieId)).resolves.toMatchObject({
        startedAt: expect.any(String),
      });
      await age(confirmation.razorpay_payment_id, 31 * DAY, 48 * HOUR + 1000);
      expect(await ctx.entitlement(payer, title)).toMatchObject({
        canWatch: false,
        reason: AccessReason.RentalExpired,
      });
      const [owned] = await suite.service.call(PaymentRpc.ownedTitles, { userId: payer.userId });
      expect(owned).toMatchObject({ kind: 'rental', active: false });
    });

    it('refuses to start a rental nobody rented', async () => {
      const payer = ctx.newPayer();
      expect(await failure(startRental(payer.userId, ctx.newTitle().movieId))).toMatchObject({
        code: ErrorCode.NotFound,
        message: PaymentMessages.notRented,
      });
    });
  });

  describe('refunds', () => {
    it('refunds a purchase: Razorpay refund, payment refunded, entitlement revoked, once', async () => {
      const payer = ctx.newPayer();
      const title = ctx.newTitle();
      const { confirmation } = await ctx.acquire(payer, title);
      const paymentId = confirmation.razorpay_payment_id;
      const listed = await suite.service.call(PaymentRpc.adminPayments, {
        userId: payer.userId,
        page: 1,
        pageSize: 10,
      });
      expect(listed.data).toEqual([
        expect.objectContaining({ id: paymentId, refundable: true, amountInr: 1200 }),
      ]);
      await expect(suite.service.call(PaymentRpc.refund, { paymentId })).resolves.toMatchObject({
        id: paymentId,
        status: 'refunded',
        refundable: false,
      });
      await suite.razorpay.flushWebhooks();
      expect(await ctx.entitlement(payer, title)).toMatchObject({
        canWatch: false,
        reason: AccessReason.PremiumRequired,
      });
      const [owned] = await suite.service.call(PaymentRpc.ownedTitles, { userId: payer.userId });
      expect(owned).toMatchObject({ kind: 'purchase', active: false });
      expect(await failure(suite.service.call(PaymentRpc.refund, { paymentId }))).toMatchObject({
        code: ErrorCode.Conflict,
      });
      const report = await suite.service.call(PaymentRpc.adminMismatches, {});
      expect(report.entitlementWithoutPayment.filter((m) => m.userId === payer.userId)).toEqual([]);
    });

    it('fails a refund whose revocation could not be announced (503); the outbox relay and its refund.processed announce it', async () => {
      const payer = ctx.newPayer();
      const title = ctx.newTitle();
      const { confirmation } = await ctx.acquire(payer, title);
      const paymentId = confirmation.razorpay_payment_id;
      await suite.razorpay.flushWebhooks();
      // Webhooks held back, so the one failed publish is the refund's own.
      suite.razorpay.setDelivery({ paused: true });
      const publish = jest
        .spyOn(suite.service.app.get(EventBus), 'publish')
        .mockRejectedValueOnce(new AppError(ErrorCode.ServiceUnavailable, REDIS_UNAVAILABLE_MESSAGE));
      try {
        expect(await failure(suite.service.call(PaymentRpc.refund, { paymentId }))).toMatchObject({
          code: ErrorCode.ServiceUnavailable,
        });
      } finally {
        publish.mockRestore();
      }
      // Refunded and revoked, not yet announced: Razorpay's refund.processed replays the revocation.
      expect((await ctx.entitlement(payer, title)).canWatch).toBe(false);
      await suite.razorpay.flushWebhooks();
      suite.razorpay.setDelivery({ paused: false });
      const redis = suite.service.app.get<Redis>(REDIS_CLIENT);
      const revoked = (await redis.xrange(EVENT_STREAM, '-', '+'))
        .map(([, fields]) => JSON.parse(fields[1]) as EventEnvelope<EventPayload<'entitlement.revoked'>>)
        .filter((event) => event.type === 'entitlement.revoked' && event.payload.source === paymentId);
      const grant = await suite.service.app
        .get<Model<GrantRecord>>(getModelToken(GrantRecord.name))
        .findOne({ source: paymentId })
        .lean();
      // The relay publishes the released entry, the webhook's replay announces it again (the same news, whichever
      // came first): each dated when it was revoked, so streaming-service ends only the leases begun before it.
      expect(revoked.length).toBeGreaterThan(0);
      for (const event of revoked)
        expect(event).toEqual(
          expect.objectContaining({
            occurredAt: grant?.revokedAt?.toISOString(),
            payload: expect.objectContaining({ userId: payer.userId, reason: 'refund' }),
          }),
        );
    });

    it('keeps the entitlement when Razorpay fails the refund, and the payment refundable again', async () => {
      suite.razorpay.setDelivery({ failRefunds: true });
      const payer = ctx.newPayer();
      const title = ctx.newTitle();
      const { confirmation } = await ctx.acquire(payer, title);
      await suite.service.call(PaymentRpc.refund, { paymentId: confirmation.razorpay_payment_id });
      await suite.razorpay.flushWebhooks();
      expect((await ctx.entitlement(payer, title)).canWatch).toBe(true);
      const { data } = await suite.service.call(PaymentRpc.adminPayments, {
        userId: payer.userId,
        page: 1,
        pageSize: 10,
      });
      expect(data[0]).toMatchObject({ status: 'captured', refundable: true });
    });

    it('pages and filters the admin lists, and refuses an unknown status', async () => {
      const payer = ctx.newPayer();
      await ctx.acquire(payer, ctx.newTitle());
      await ctx.acquire(payer, ctx.newTitle());
      const page = await suite.service.call(PaymentRpc.adminOrders, {
        userId: payer.userId,
        status: 'paid',
        page: 2,
        pageSize: 1,
      });
      expect(page).toMatchObject({ page: 2, pageSize: 1, total: 2 });
      expect(page.data).toHaveLength(1);
      const events = await suite.service.call(PaymentRpc.adminWebhookEvents, {
        userId: payer.userId,
        page: 1,
        pageSize: 50,
      });
      expect(events.data.length).toBeGreaterThan(0);
      expect(
        await failure(
          suite.service.call(PaymentRpc.adminPayments, { status: 'bogus', page: 1, pageSize: 10 }),
        ),
      ).toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
    });
  });

  describe('hostile payloads: refused, nothing stored', () => {
    it('refuses operator objects, wrong types, extra fields and client amounts on every write', async () => {
      const payer = ctx.newPayer();
      const title = ctx.newTitle();
      const good = { payer, title, kind: 'purchase', idempotencyKey: ctx.key() };
      const hostile: Array<[string, unknown]> = [
        [PaymentPatterns.createTitleOrder, { ...good, payer: { ...payer, userId: { $gt: '' } } }],
        [PaymentPatterns.createTitleOrder, { ...good, title: { ...title, purchasePriceInr: '1' } }],
        [PaymentPatterns.createTitleOrder, { ...good, title: { ...title, purchasePriceInr: -1200 } }],
        [PaymentPatterns.createTitleOrder, { ...good, amount: 100 }],
        [PaymentPatterns.createTitleOrder, { ...good, kind: { $ne: 'rental' } }],
        [PaymentPatterns.createTitleOrder, { ...good, idempotencyKey: 'k'.repeat(10_000) }],
        [PaymentPatterns.createTitleOrder, { ...good, idempotencyKey: { $gt: '' } }],
        [PaymentPatterns.createPlanOrder, { payer, planId: 'platinum', idempotencyKey: ctx.key() }],
        [PaymentPatterns.createPlanOrder, { payer, planId: 'basic', idempotencyKey: ctx.key(), amount: 1 }],
        [
          PaymentPatterns.verify,
          {
            payer,
            confirmation: {
              razorpay_payment_id: 'pay_abcdef',
              razorpay_order_id: { $ne: null },
              razorpay_signature: 'a'.repeat(64),
            },
          },
        ],
        [
          PaymentPatterns.verify,
          {
            payer,
            confirmation: {
              razorpay_payment_id: 'pay_abcdef',
              razorpay_order_id: 'order_abcdef',
              razorpay_signature: 'a'.repeat(64),
              amount: 1,
            },
          },
        ],
        [PaymentPatterns.startRental, { userId: { $gt: '' }, movieId: title.movieId }],
        [PaymentPatterns.subscription, { userId: payer.userId, extra: 1 }],
        [PaymentPatterns.entitlement, { viewer: { userId: payer.userId, isAdmin: 'true' }, title }],
        [PaymentPatterns.adminPayments, { userId: { $ne: null }, page: 1, pageSize: 10 }],
        [PaymentPatterns.refund, { paymentId: { $gt: '' } }],
      ];
      for (const [pattern, data] of hostile) {
        // Sent raw: each payload breaks its contract on purpose.
        const error = await failure(suite.service.send(pattern, data));
        expect({ pattern, code: error.code }).toEqual({ pattern, code: ErrorCode.ValidationFailed });
      }
      expect((await ctx.orders.page({ userId: payer.userId }, 0, 10)).total).toBe(0);
      expect((await ctx.subscriptions.page({ userId: payer.userId }, 0, 10)).total).toBe(0);
    });

    it('ignores any amount but its own: the order is priced from the title, in paise', async () => {
      const payer = ctx.newPayer();
      const checkout = await ctx.order(payer, ctx.newTitle({ rentalPriceInr: 299 }), 'rental');
      expect(checkout.amount).toBe(29_900);
    });
  });
});
