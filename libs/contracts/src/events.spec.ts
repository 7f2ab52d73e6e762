import { PaymentCapturedSchema } from './events';

const capture = {
  paymentId: 'pay_1',
  userId: 'u1',
  kind: 'subscription',
  movieId: null,
  planId: 'basic',
  amountPaise: 14_900,
};

describe('payment.captured', () => {
  it('names the subscription and period a promo code’s upfront capture paid (issue 27); older news parse as before', () => {
    expect(PaymentCapturedSchema.parse(capture)).toEqual(capture);
    const upfront = {
      ...capture,
      amountPaise: 11_900,
      listPricePaise: 14_900,
      upfront: { subscriptionId: 'sub_1', paidUntil: '2026-03-31T10:00:00.000Z' },
    };
    expect(PaymentCapturedSchema.parse(upfront)).toEqual(upfront);
    expect(() => PaymentCapturedSchema.parse({ ...capture, upfront: { subscriptionId: 'sub_1' } })).toThrow();
  });
});
