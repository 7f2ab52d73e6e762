import type { BillingProfilesRepository } from '../billing/billing-profiles.repository';
import { Types } from 'mongoose';
import { OrderStatus, PaymentStatus, SubscriptionStatus } from '@app/contracts';
import type { EntitlementsService } from '../entitlements/entitlements.service';
import type { GrantsRepository } from '../entitlements/grants.repository';
import type { InvoicesRepository } from '../invoices/invoices.repository';
import type { OrdersRepository, StoredOrder } from '../orders/orders.repository';
import type { PaymentsRepository, StoredPayment } from '../payments/payments.repository';
import type { PromosRepository } from '../promos/promos.repository';
import type { StoredSubscription, SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { WebhookEventsRepository } from '../webhooks/webhook-events.repository';
import { DELETED_USER_PREFIX, UserDataService } from './user-data.service';

const USER = 'a'.repeat(24);
const at = new Date('2026-03-01T10:00:00.000Z');

const order = {
  _id: new Types.ObjectId(),
  receipt: 'rcpt_1',
  razorpayOrderId: 'order_1',
  userId: USER,
  idempotencyKey: 'click-0001',
  kind: 'purchase',
  movieId: 'b'.repeat(24),
  title: 'Sholay',
  amountPaise: 120_000,
  status: OrderStatus.Paid,
  paymentId: 'pay_1',
  paidAt: at,
  email: 'asha@example.in',
  name: 'Asha',
  createdAt: at,
} as StoredOrder;
const payment = {
  _id: 'pay_1',
  orderId: 'order_1',
  subscriptionId: null,
  userId: USER,
  kind: 'purchase',
  movieId: 'b'.repeat(24),
  title: 'Sholay',
  planId: null,
  amountPaise: 120_000,
  status: PaymentStatus.Captured,
  method: 'upi',
  refundId: null,
  createdAt: at,
} as unknown as StoredPayment;
const subscription = {
  _id: new Types.ObjectId(),
  razorpayId: 'sub_1',
  userId: USER,
  planId: 'basic',
  status: SubscriptionStatus.Active,
  currentStart: at,
  currentEnd: new Date('2026-04-01T10:00:00.000Z'),
  cancelAtCycleEnd: false,
  email: 'asha@example.in',
  name: 'Asha',
  createdAt: at,
} as StoredSubscription;
const title = {
  movieId: 'b'.repeat(24),
  title: 'Sholay',
  kind: 'purchase' as const,
  acquiredAt: at.toISOString(),
  rental: null,
  active: true,
};

const setup = () => {
  const calls: string[] = [];
  const forget = (name: string) => jest.fn(async () => void calls.push(name));
  const repos = {
    orders: { ofUser: jest.fn(async () => [order]), forgetPerson: forget('orders') },
    payments: { ofUser: jest.fn(async () => [payment]), forgetPerson: forget('payments') },
    subscriptions: { ofUser: jest.fn(async () => [subscription]), forgetPerson: forget('subscriptions') },
    grants: { forgetPerson: forget('grants') },
    webhookEvents: { forgetPerson: forget('webhookEvents') },
    invoices: { forgetPerson: forget('invoices') },
    promos: { forgetPerson: forget('promos') },
  };
  const subscriptionsService = { stopRenewals: forget('stopRenewals') };
  const entitlements = { ownedTitles: jest.fn(async () => [title]) };
  const service = new UserDataService(
    repos.orders as unknown as OrdersRepository,
    repos.payments as unknown as PaymentsRepository,
    repos.subscriptions as unknown as SubscriptionsRepository,
    repos.grants as unknown as GrantsRepository,
    repos.webhookEvents as unknown as WebhookEventsRepository,
    repos.invoices as unknown as InvoicesRepository,
    repos.promos as unknown as PromosRepository,
    subscriptionsService as unknown as SubscriptionsService,
    entitlements as unknown as EntitlementsService,
    { forget: jest.fn(async () => undefined) } as unknown as BillingProfilesRepository,
  );
  return { service, repos, calls };
};

describe('UserDataService', () => {
  it("exports the viewer's rows in the admin console's shapes, amounts in rupees, with the email each record holds", async () => {
    const { service, repos } = setup();
    const exported = await service.exportOf(USER);
    expect(repos.orders.ofUser).toHaveBeenCalledWith(USER);
    expect(exported).toEqual({
      subscriptions: [
        {
          id: 'sub_1',
          userId: USER,
          email: 'asha@example.in',
          planId: 'basic',
          status: 'active',
          currentStart: '2026-03-01T10:00:00.000Z',
          currentEnd: '2026-04-01T10:00:00.000Z',
          cancelAtCycleEnd: false,
          createdAt: '2026-03-01T10:00:00.000Z',
        },
      ],
      orders: [
        expect.objectContaining({
          id: 'order_1',
          email: 'asha@example.in',
          amountInr: 1200,
          status: 'paid',
          kind: 'purchase',
        }),
      ],
      payments: [
        expect.objectContaining({
          id: 'pay_1',
          email: null,
          title: 'Sholay',
          amountInr: 1200,
          method: 'upi',
          refundable: true,
        }),
      ],
      titles: [title],
    });
  });

  it('on user.deleted stops the renewals first, then puts one fresh marker on every kept record', async () => {
    const { service, repos, calls } = setup();
    await service.forget(USER);
    expect(calls[0]).toBe('stopRenewals');
    expect(calls.slice(1).sort()).toEqual([
      'grants',
      'invoices',
      'orders',
      'payments',
      'promos',
      'subscriptions',
      'webhookEvents',
    ]);
    const markers = [
      repos.orders,
      repos.payments,
      repos.subscriptions,
      repos.grants,
      repos.webhookEvents,
      repos.promos,
    ].map((repo) => {
      const [[userId, marker]] = repo.forgetPerson.mock.calls as unknown as [[string, string]];
      expect(userId).toBe(USER);
      return marker;
    });
    expect(new Set(markers).size).toBe(1);
    expect(markers[0].startsWith(DELETED_USER_PREFIX)).toBe(true);
    expect(markers[0]).not.toContain(USER);
  });

  it('gives each deleted account its own marker (the unique (user, idempotency key) indexes hold)', async () => {
    const { service, repos } = setup();
    await service.forget(USER);
    await service.forget('c'.repeat(24));
    const markers = (repos.orders.forgetPerson.mock.calls as unknown as [string, string][]).map(([, m]) => m);
    expect(new Set(markers).size).toBe(2);
  });
});
