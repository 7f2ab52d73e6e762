import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPaymentFakes } from './payment-fakes';

// Issue 22, finding 7: the local Razorpay `npm start` runs keeps its account in the data dir like the other stores,
// so a plan, an order or a subscription made before a restart is still known after it.

describe('the Razorpay stand-in of npm start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dev-data-'));
  const start = async () => {
    const fake = await startPaymentFakes({ dataDir, gatewayUrl: 'http://127.0.0.1:9', log: () => undefined });
    if (!fake) throw new Error('RAZORPAY_KEY_ID is set: the stand-in does not start');
    const { RAZORPAY_API_URL, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET } = fake.env;
    const auth = `Basic ${Buffer.from(`${RAZORPAY_KEY_ID}:${RAZORPAY_KEY_SECRET}`).toString('base64')}`;
    const call = (method: string, route: string, body?: unknown) =>
      fetch(`${RAZORPAY_API_URL}${route}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    return { fake, call };
  };

  it('keeps its keys, plans and orders in <dataDir>/razorpay.json across a restart', async () => {
    const first = await start();
    const plan = (await (
      await first.call('POST', '/plans', {
        period: 'monthly',
        interval: 1,
        item: { name: 'Streamly Basic', amount: 14_900, currency: 'INR' },
      })
    ).json()) as { id: string };
    const order = (await (
      await first.call('POST', '/orders', { amount: 120_000, currency: 'INR', receipt: 'rcpt_1' })
    ).json()) as { id: string };
    await first.fake.stop();

    const second = await start();
    try {
      expect(second.fake.env.RAZORPAY_KEY_SECRET).toBe(first.fake.env.RAZORPAY_KEY_SECRET);
      expect(second.fake.env.RAZORPAY_WEBHOOK_SECRET).toBe(first.fake.env.RAZORPAY_WEBHOOK_SECRET);
      const plans = await second.call('GET', `/plans/${plan.id}`);
      expect(plans.status).toBe(200);
      expect(await plans.json()).toMatchObject({ id: plan.id, item: { amount: 14_900 } });
      expect(await (await second.call('GET', `/orders/${order.id}`)).json()).toMatchObject({
        id: order.id,
        status: 'created',
      });
    } finally {
      await second.fake.stop();
    }
  });
});
