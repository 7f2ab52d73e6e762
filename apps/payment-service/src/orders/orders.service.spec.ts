import { Types } from 'mongoose';
import type { Payer, TitleFacts } from '@app/contracts';
import { ErrorCode, PaymentMessages, SeriesMessages, VerifyOutcome } from '@app/contracts';
import type { EntitlementsService } from '../entitlements/entitlements.service';
import type { SettlementService } from '../payments/settlement.service';
import type { RazorpayClient } from '../razorpay/razorpay.client';
import type { OrdersRepository, StoredOrder } from './orders.repository';
import type { PromosService } from '../promos/promos.service';
import { OrdersService } from './orders.service';

const payer: Payer = {
  userId: 'a'.repeat(24),
  email: 'asha@example.in',
  name: 'Asha',
  isAdmin: false,
  language: 'en',
};
const title: TitleFacts = {
  movieId: 'b'.repeat(24),
  title: 'Sholay',
  access: 'premium',
  purchasePriceInr: 1200,
  rentalPriceInr: 500,
};
const KEY = 'click-0001';

const setup = (holdings = { owned: false, renting: false }) => {
  const stored: StoredOrder[] = [];
  const orders = {
    findByKey: jest.fn(async (): Promise<StoredOrder | null> => stored[0] ?? null),
    create: jest.fn(
      async (
        order: Omit<StoredOrder, '_id' | 'createdAt' | 'razorpayOrderId' | 'status' | 'paymentId' | 'paidAt'>,
      ) => {
        const created = {
          ...order,
          _id: new Types.ObjectId(),
          createdAt: new Date(),
          razorpayOrderId: null,
          status: 'created',
          paymentId: null,
          paidAt: null,
        } as StoredOrder;
        stored.push(created);
        return created;
      },
    ),
    attachRazorpayOrder: jest.fn(async (_id: Types.ObjectId, razorpayOrderId: string) => {
      stored[0] = { ...stored[0], razorpayOrderId };
      return stored[0];
    }),
    findByRazorpayId: jest.fn(async () => stored[0] ?? null),
    // Another tab's unpaid order of the same title, if a test puts one there.
    findOpen: jest.fn(async (): Promise<StoredOrder | null> => null),
    releaseOpen: jest.fn(async () => true),
  };
  const entitlements = { holdings: jest.fn(async () => holdings) };
  const settlement = {
    settleOrderPayment: jest.fn(async (): Promise<{ paid: boolean; duplicateOf?: string }> => ({
      paid: true,
    })),
  };
  const razorpay = {
    keyId: 'rzp_test_x',
    createOrder: jest.fn(async () => ({ id: 'order_1', amount: 0, currency: 'INR', status: 'created' })),
    isValidOrderSignature: jest.fn(() => true),
    fetchPayment: jest.fn(async () => ({ id: 'pay_1', status: 'captured' })),
  };
  const service = new OrdersService(
    orders as unknown as OrdersRepository,
    entitlements as unknown as EntitlementsService,
    settlement as unknown as SettlementService,
    razorpay as unknown as RazorpayClient,
    {} as PromosService,
  );
  return { service, orders, razorpay, settlement, entitlements, stored };
};

describe('OrdersService', () => {
  it('prices the order from the title in paise and creates one Razorpay order with our receipt', async () => {
    const { service, razorpay } = setup();
    const checkout = await service.createTitleOrder({ payer, title, kind: 'rental', idempotencyKey: KEY });
    expect(checkout).toMatchObject({ id: 'order_1', mode: 'order', amount: 50_000, movieId: title.movieId });
    expect(razorpay.createOrder).toHaveBeenCalledWith(
      expect.objectContaining({ amountPaise: 50_000, receipt: expect.stringMatching(/^rcpt_[a-f0-9]{20}$/) }),
    );
  });

  it.each([
    [{ owned: true, renting: false }, 'purchase', PaymentMessages.alreadyOwned],
    [{ owned: true, renting: false }, 'rental', PaymentMessages.rentOwned],
    [{ owned: false, renting: true }, 'rental', PaymentMessages.alreadyRented],
  ] as const)('refuses %p for a %s with 409', async (holdings, kind, message) => {
    const { service, razorpay } = setup(holdings);
    await expect(service.createTitleOrder({ payer, title, kind, idempotencyKey: KEY })).rejects.toMatchObject(
      {
        code: ErrorCode.Conflict,
        message,
      },
    );
    expect(razorpay.createOrder).not.toHaveBeenCalled();
  });

  it('refuses a free title and a malformed key before touching Razorpay', async () => {
    const { service, razorpay } = setup();
    await expect(
      service.createTitleOrder({
        payer,
        title: { ...title, access: 'free' },
        kind: 'purchase',
        idempotencyKey: KEY,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.Conflict, message: PaymentMessages.freeTitle });
    await expect(
      service.createTitleOrder({ payer, title, kind: 'purchase', idempotencyKey: 'x' }),
    ).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
    expect(razorpay.createOrder).not.toHaveBeenCalled();
  });

  it.each(['purchase', 'rental'] as const)(
    'refuses to %s a series (plans only) with 400, storing no order and asking no grant',
    async (kind) => {
      const { service, orders, razorpay, entitlements } = setup();
      await expect(
        service.createTitleOrder({ payer, title: { ...title, kind: 'series' }, kind, idempotencyKey: KEY }),
      ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed, message: SeriesMessages.noTitleOrder });
      expect(orders.create).not.toHaveBeenCalled();
      expect(entitlements.holdings).not.toHaveBeenCalled();
      expect(razorpay.createOrder).not.toHaveBeenCalled();
      // The same title as a movie is ordered as before.
      await expect(
        service.createTitleOrder({ payer, title: { ...title, kind: 'movie' }, kind, idempotencyKey: KEY }),
      ).resolves.toMatchObject({ mode: 'order' });
    },
  );

  it('answers a second click with the same key with the same order, and refuses the key for another title', async () => {
    const { service, razorpay } = setup();
    const first = await service.createTitleOrder({ payer, title, kind: 'purchase', idempotencyKey: KEY });
    const second = await service.createTitleOrder({ payer, title, kind: 'purchase', idempotencyKey: KEY });
    expect(second).toEqual(first);
    await expect(
      service.createTitleOrder({
        payer,
        title: { ...title, movieId: 'c'.repeat(24) },
        kind: 'purchase',
        idempotencyKey: KEY,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.Conflict });
    expect(razorpay.createOrder).toHaveBeenCalledTimes(1);
  });

  it("makes an order asked without a key (SPEC 7's body) under a key of its own, which no client key can be", async () => {
    const { service, orders } = setup();
    await expect(service.createTitleOrder({ payer, title, kind: 'purchase' })).resolves.toMatchObject({
      mode: 'order',
      amount: 120_000,
    });
    expect(orders.findByKey).not.toHaveBeenCalled();
    expect(orders.create).toHaveBeenCalledWith(
      expect.objectContaining({ idempotencyKey: expect.stringMatching(/^server:[0-9a-f-]{36}$/) }),
    );
  });

  it("refuses a verify naming another title than the order's with 400, before the signature is looked at", async () => {
    const { service, razorpay, settlement } = setup();
    await service.createTitleOrder({ payer, title, kind: 'purchase', idempotencyKey: KEY });
    const confirmation = { paymentId: 'pay_1', orderId: 'order_1', signature: 'f'.repeat(64) };
    await expect(service.verify({ ...confirmation, movieId: 'c'.repeat(24) }, payer)).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: PaymentMessages.otherTitle,
    });
    expect(razorpay.isValidOrderSignature).not.toHaveBeenCalled();
    expect(settlement.settleOrderPayment).not.toHaveBeenCalled();
    await expect(service.verify({ ...confirmation, movieId: title.movieId }, payer)).resolves.toMatchObject({
      outcome: VerifyOutcome.Paid,
      message: PaymentMessages.success,
    });
  });

  it('checks the signature with the stored order id and refuses another payer with 403', async () => {
    const { service, razorpay, settlement } = setup();
    await service.createTitleOrder({ payer, title, kind: 'purchase', idempotencyKey: KEY });
    const confirmation = { paymentId: 'pay_1', orderId: 'order_1', signature: 'f'.repeat(64) };
    await expect(service.verify(confirmation, { ...payer, userId: 'd'.repeat(24) })).rejects.toMatchObject({
      code: ErrorCode.Forbidden,
    });
    razorpay.isValidOrderSignature.mockReturnValueOnce(false);
    await expect(service.verify(confirmation, payer)).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: PaymentMessages.verificationFailed,
    });
    expect(settlement.settleOrderPayment).not.toHaveBeenCalled();
    await expect(service.verify(confirmation, payer)).resolves.toMatchObject({
      outcome: VerifyOutcome.Paid,
      message: PaymentMessages.success,
    });
    expect(razorpay.isValidOrderSignature).toHaveBeenLastCalledWith({
      orderId: 'order_1',
      paymentId: 'pay_1',
      signature: 'f'.repeat(64),
    });
  });

  it("reuses another tab's unpaid order of the title (another key), and replaces one of the other kind", async () => {
    const { service, orders, razorpay, stored } = setup();
    const tab1 = await service.createTitleOrder({ payer, title, kind: 'purchase', idempotencyKey: KEY });
    orders.findByKey.mockResolvedValue(null);
    orders.findOpen.mockResolvedValueOnce(stored[0]);
    const tab2 = await service.createTitleOrder({
      payer,
      title,
      kind: 'purchase',
      idempotencyKey: 'click-0002',
    });
    expect(tab2.id).toBe(tab1.id);
    expect(orders.create).toHaveBeenCalledTimes(1);

    // Rent Now in a third tab: the purchase order gives up its slot, a rental order is made.
    orders.findOpen.mockResolvedValueOnce(stored[0]);
    await service.createTitleOrder({ payer, title, kind: 'rental', idempotencyKey: 'click-0003' });
    expect(orders.releaseOpen).toHaveBeenCalledTimes(1);
    expect(orders.create).toHaveBeenLastCalledWith(
      expect.objectContaining({ kind: 'rental', amountPaise: 50_000 }),
    );
    expect(razorpay.createOrder).toHaveBeenCalledTimes(2);
  });

  it('answers a second payment with the refund it gets, not a plain success', async () => {
    const { service, settlement } = setup();
    await service.createTitleOrder({ payer, title, kind: 'purchase', idempotencyKey: KEY });
    settlement.settleOrderPayment.mockResolvedValueOnce({ paid: true, duplicateOf: 'pay_0' });
    await expect(
      service.verify({ paymentId: 'pay_1', orderId: 'order_1', signature: 'f'.repeat(64) }, payer),
    ).resolves.toMatchObject({
      outcome: VerifyOutcome.RefundedDuplicate,
      message: PaymentMessages.duplicateRefunded,
      movieId: title.movieId,
    });
  });
});
