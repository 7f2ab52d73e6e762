import { GrantKind } from '../entitlements/grant.schema';
import { newRentalClock } from '../entitlements/rental-clock';
import type { PaymentFacts } from './duplicate-payments';
import { coveringGrant, findDuplicatePayments } from './duplicate-payments';

const DAY = 24 * 3_600_000;
const now = new Date('2026-03-01T10:00:00.000Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);

const payment = (overrides: Partial<PaymentFacts> & Pick<PaymentFacts, '_id'>): PaymentFacts => ({
  userId: 'u1',
  kind: GrantKind.Purchase,
  movieId: 'm1',
  subscriptionId: null,
  periodStart: null,
  periodEnd: null,
  capturedAt: now,
  createdAt: now,
  duplicateOf: null,
  ...overrides,
});

describe('coveringGrant: what an order would add to what the viewer holds', () => {
  const purchase = { kind: GrantKind.Purchase, rental: null };
  const running = { kind: GrantKind.Rental, rental: newRentalClock(at(-1)) };
  const ranOut = { kind: GrantKind.Rental, rental: newRentalClock(at(-40)) };

  it('a purchase covers a purchase and a rental; a running rental covers a rental only', () => {
    expect(coveringGrant('purchase', [purchase], now)).toBe(purchase);
    expect(coveringGrant('rental', [purchase], now)).toBe(purchase);
    expect(coveringGrant('rental', [running], now)).toBe(running);
    expect(coveringGrant('purchase', [running], now)).toBeNull();
    expect(coveringGrant('rental', [ranOut], now)).toBeNull();
  });
});

describe('findDuplicatePayments (issue 22)', () => {
  it('finds a title bought twice, keeping the first payment', () => {
    const first = payment({ _id: 'pay_1', capturedAt: at(0) });
    const second = payment({ _id: 'pay_2', capturedAt: at(0.00001) });
    expect(findDuplicatePayments([second, first], () => null)).toEqual([
      { paymentId: 'pay_2', keptPaymentId: 'pay_1' },
    ]);
  });

  it('finds a rental of an owned title and a rental while another runs; not a purchase after a rental, nor a rental after one ran out', () => {
    const rented = payment({ _id: 'pay_r1', kind: GrantKind.Rental, capturedAt: at(-40) });
    const rentedAgain = payment({ _id: 'pay_r2', kind: GrantKind.Rental, capturedAt: at(-2) });
    const rentedWhileRunning = payment({ _id: 'pay_r3', kind: GrantKind.Rental, capturedAt: at(-1) });
    const bought = payment({ _id: 'pay_b', capturedAt: at(0) });
    const rentedOwned = payment({ _id: 'pay_r4', kind: GrantKind.Rental, capturedAt: at(1) });
    const found = findDuplicatePayments(
      [rented, rentedAgain, rentedWhileRunning, bought, rentedOwned],
      (id) => (id === 'pay_r1' ? newRentalClock(at(-40)) : null),
    );
    expect(found).toEqual([
      { paymentId: 'pay_r3', keptPaymentId: 'pay_r2' },
      { paymentId: 'pay_r4', keptPaymentId: 'pay_b' },
    ]);
  });

  it('keeps titles and viewers apart', () => {
    expect(
      findDuplicatePayments(
        [payment({ _id: 'a' }), payment({ _id: 'b', movieId: 'm2' }), payment({ _id: 'c', userId: 'u2' })],
        () => null,
      ),
    ).toEqual([]);
  });

  it('finds two plans paid for the same time; a plan change (periods end to end) and renewals are no duplicates', () => {
    const charge = (id: string, subscriptionId: string, from: number, to: number) =>
      payment({
        _id: id,
        kind: GrantKind.Subscription,
        movieId: null,
        subscriptionId,
        periodStart: at(from),
        periodEnd: at(to),
        capturedAt: at(from),
      });
    const found = findDuplicatePayments(
      [
        charge('pay_s1', 'sub_1', -60, -30),
        charge('pay_s1b', 'sub_1', -30, 0),
        charge('pay_change', 'sub_2', 0, 90),
        charge('pay_extra', 'sub_3', 1, 31),
      ],
      () => null,
    );
    expect(found).toEqual([{ paymentId: 'pay_extra', keptPaymentId: 'pay_change' }]);
  });

  it('lists a payment settlement already marked, whatever the rules say', () => {
    expect(findDuplicatePayments([payment({ _id: 'pay_x', duplicateOf: 'pay_gone' })], () => null)).toEqual([
      { paymentId: 'pay_x', keptPaymentId: 'pay_gone' },
    ]);
  });
});
