import type { Redis } from 'ioredis';
import { AuditAction, AuditTargetType, PaymentRpc } from '@app/contracts';
import { REDIS_CLIENT, RequestContext } from '@app/server-core';
import { eventsOnStream } from '@app/server-testing';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { paymentContext, startPaymentSuite } from './payment-context';

/** Issue 22, finding 6: an admin's refund goes to the audit log (auth-service stores `audit.recorded`). */
describe('payment-service: admin refunds are audited', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-audit');
    ctx = paymentContext(suite);
  });

  afterAll(() => suite?.close());

  const auditedAbout = async (userId: string) =>
    (await eventsOnStream(suite.service.app.get<Redis>(REDIS_CLIENT), 'audit.recorded')).filter(
      (envelope) => envelope.payload.target.id === userId,
    );

  it('records the refunding admin, the payer, the amount before and after and the request id', async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle({ title: 'Lagaan' });
    const { confirmation } = await ctx.acquire(payer, title);
    const paymentId = confirmation.razorpay_payment_id;
    const admin = { id: 'a'.repeat(24), username: 'Refunding Admin' };

    await RequestContext.run({ correlationId: 'corr-refund-7', actor: admin }, () =>
      suite.service.call(PaymentRpc.refund, { paymentId }),
    );

    const [entry, ...others] = await auditedAbout(payer.userId);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      correlationId: 'corr-refund-7',
      payload: {
        actor: admin,
        action: AuditAction.Refund,
        target: { type: AuditTargetType.User, id: payer.userId, name: null },
        detail: `refund of ${paymentId}: ₹1,200.00 (purchase of Lagaan)`,
        before: '₹1,200.00 captured',
        after: expect.stringMatching(/^₹1,200\.00 \w+, refund \w+$/),
      },
    });
  });
});
