import { PLAN_CATALOGUE } from '../plans/plan-catalogue';
import { subscriptionCheckout } from './checkout.mapper';

const plan = (id: string) => {
  const found = PLAN_CATALOGUE.find((known) => known.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
};

const base = {
  razorpaySubscriptionId: 'sub_1',
  keyId: 'rzp_test_1',
  payer: { email: 'viewer@example.in', name: 'Viewer' },
};

describe('subscriptionCheckout', () => {
  it('charges the plan price now without a code', () => {
    expect(subscriptionCheckout({ ...base, plan: plan('basic'), startsAt: null })).toMatchObject({
      amount: 14_900,
      description: 'Basic plan: ₹149 every month',
    });
  });

  it("with a code, charges the discounted first period now (Razorpay's upfront amount) and says the price after", () => {
    const stored = { promoId: 'p1', code: 'DIWALI', listPricePaise: 49_900, discountPaise: 10_000 };
    const checkout = subscriptionCheckout({
      ...base,
      plan: plan('standard'),
      startsAt: new Date('2027-02-28T02:30:00.000Z'),
      promo: stored,
    });
    expect(checkout).toMatchObject({
      amount: 39_900,
      description: 'Standard plan: ₹399 for the first 3 months, then ₹499 every 3 months',
    });
    // Only what the viewer is shown: not the code's id.
    expect(checkout.promo).toEqual({ code: 'DIWALI', listPricePaise: 49_900, discountPaise: 10_000 });
  });
});
