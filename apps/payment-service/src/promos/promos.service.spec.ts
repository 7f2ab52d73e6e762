import { Types } from 'mongoose';
import { ErrorCode, PromoMessages } from '@app/contracts';
import { PromoState } from '../orders/order.schema';
import type { OrdersRepository, StoredOrder } from '../orders/orders.repository';
import type { StoredSubscription, SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import type { PromosRepository, StoredPromo } from './promos.repository';
import { PromosService } from './promos.service';

const now = new Date('2026-11-28T06:00:00.000Z');

const aPromo = (appliesTo: Partial<StoredPromo['appliesTo']>): StoredPromo => ({
  _id: new Types.ObjectId(),
  code: 'FIRST20',
  description: '',
  discount: { kind: 'percent', percentOff: 20 },
  appliesTo: { titles: [], titleKinds: ['purchase', 'rental'], ...appliesTo },
  validFrom: new Date(now.getTime() - 1000),
  validTo: new Date(now.getTime() + 1000),
  totalLimit: null,
  perAccountLimit: 1,
  status: 'active',
  claimed: 0,
  redeemed: 0,
  createdAt: now,
});

const setUp = (promo: StoredPromo) => {
  const promos = {
    findByCode: jest.fn().mockResolvedValue(promo),
    countRedeemed: jest.fn().mockResolvedValue(undefined),
    releaseForAccount: jest.fn().mockResolvedValue(undefined),
    releaseTotal: jest.fn().mockResolvedValue(undefined),
    reclaimForAccount: jest.fn().mockResolvedValue(undefined),
  };
  const orders = { movePromoState: jest.fn().mockResolvedValue(true) };
  const subscriptions = { movePromoState: jest.fn().mockResolvedValue(true) };
  const service = new PromosService(
    promos as unknown as PromosRepository,
    orders as unknown as OrdersRepository,
    subscriptions as unknown as SubscriptionsRepository,
  );
  return { service, promos, orders, subscriptions };
};

const basic = { kind: 'subscription' as const, planId: 'basic' as const };

describe('PromosService for plans', () => {
  it("prices a plan's first period when the code is for that plan or every plan", async () => {
    for (const plans of [['basic'] as const, 'all' as const]) {
      const { service } = setUp(aPromo({ plans: plans === 'all' ? 'all' : [...plans] }));
      const offer = await service.offer('FIRST20', basic, 14_900, now);
      expect(offer.amountPaise).toBe(11_900);
      expect(offer.applied).toMatchObject({ code: 'FIRST20', listPricePaise: 14_900, discountPaise: 3_000 });
    }
  });

  it('refuses a plan the code is not for, and every plan for a code stored without plans', async () => {
    for (const promo of [aPromo({ plans: ['premium'] }), aPromo({ titles: 'all' })]) {
      const { service } = setUp(promo);
      await expect(service.offer('FIRST20', basic, 14_900, now)).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: PromoMessages.notApplicable,
      });
    }
  });

  it("counts a plan's code on its subscription, and a title's on its order, once each", async () => {
    const promo = aPromo({ plans: 'all' });
    const { service, promos, orders, subscriptions } = setUp(promo);
    const applied = {
      promoId: promo._id.toHexString(),
      code: promo.code,
      listPricePaise: 14_900,
      discountPaise: 3_000,
    };
    const sub = { _id: new Types.ObjectId(), userId: 'u1', promo: applied } as unknown as StoredSubscription;
    await service.redeem({ subscription: sub });
    expect(subscriptions.movePromoState).toHaveBeenCalledWith(
      sub._id,
      PromoState.Reserved,
      PromoState.Redeemed,
    );
    expect(orders.movePromoState).not.toHaveBeenCalled();
    expect(promos.countRedeemed).toHaveBeenCalledTimes(1);

    // Another path got there first: nothing moves, nothing is counted again.
    subscriptions.movePromoState.mockResolvedValue(false);
    await service.redeem({ subscription: sub });
    expect(promos.countRedeemed).toHaveBeenCalledTimes(1);

    const order = { _id: new Types.ObjectId(), userId: 'u1', promo: applied } as unknown as StoredOrder;
    await service.release({ order });
    expect(orders.movePromoState).toHaveBeenCalledWith(order._id, PromoState.Reserved, PromoState.Released);
    expect(promos.releaseTotal).toHaveBeenCalledWith(applied.promoId);
  });
});
