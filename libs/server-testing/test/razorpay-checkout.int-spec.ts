import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import Razorpay from 'razorpay';
import type { RazorpayFake } from '../src';
import { startRazorpayFake } from '../src';
import { signedByFake } from './razorpay-checks';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A dark host page on another origin than the fake, as our web app is. */
const startHostPage = async (checkoutUrl: string) => {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>Host</title><script src="${checkoutUrl}"></script></head>` +
        '<body style="background:#0b0b0f;color:#eee"><button id="buy">Buy</button></body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

type Outcome =
  | { kind: 'paid'; response: Record<string, string> }
  | { kind: 'failed'; error: Record<string, unknown> }
  | { kind: 'dismissed' };

/** Opens Checkout the way the web app does and collects what its callbacks receive. */
const openCheckout = (page: Page, options: Record<string, unknown>) =>
  page.evaluate((opts) => {
    const win = globalThis as unknown as {
      Razorpay: new (o: Record<string, unknown>) => {
        open(): void;
        on(e: string, cb: (p: unknown) => void): void;
      };
      outcomes: unknown[];
    };
    win.outcomes = [];
    const rzp = new win.Razorpay({
      ...opts,
      handler: (response: unknown) => win.outcomes.push({ kind: 'paid', response }),
      modal: { ondismiss: () => win.outcomes.push({ kind: 'dismissed' }) },
    });
    rzp.on('payment.failed', (payload) => win.outcomes.push({ kind: 'failed', ...(payload as object) }));
    rzp.open();
  }, options);

const outcomes = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { outcomes: Outcome[] }).outcomes);

(existsSync(CHROMIUM) ? describe : describe.skip)('Razorpay fake checkout.js in Chromium', () => {
  let fake: RazorpayFake;
  let sdk: Razorpay;
  let host: Awaited<ReturnType<typeof startHostPage>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    fake = await startRazorpayFake();
    sdk = new Razorpay({ key_id: fake.keyId, key_secret: fake.keySecret });
    (sdk.api as unknown as { rq: { defaults: { baseURL?: string } } }).rq.defaults.baseURL = fake.apiUrl;
    host = await startHostPage(fake.checkoutUrl);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      // The flags of apps/web-e2e: only localhost resolves.
      args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost'],
    });
    page = await browser.newPage();
    await page.goto(host.url);
  });

  afterAll(async () => {
    await browser?.close();
    await host.stop();
    await fake.stop();
  });

  /** A plan billed every `months` months, a subscription of `count` charges to it, and Checkout opened for it. */
  const openSubscriptionCheckout = async (
    item: { name: string; amount: number },
    months: number,
    count: number,
  ) => {
    const plan = await sdk.plans.create({
      period: 'monthly',
      interval: months,
      item: { ...item, currency: 'INR' },
    });
    const sub = await sdk.subscriptions.create({ plan_id: plan.id, total_count: count });
    await openCheckout(page, { key: fake.keyId, name: 'Streamly', subscription_id: sub.id });
    return sub;
  };

  it('shows an accessible TEST MODE modal, UPI first, and Pay calls the handler with a valid signature', async () => {
    const order = await sdk.orders.create({ amount: 120000, currency: 'INR' });
    await openCheckout(page, {
      key: fake.keyId,
      amount: 1,
      currency: 'INR',
      name: 'Streamly',
      description: 'Buy: Inception',
      order_id: order.id,
      prefill: { email: 'viewer@streamly.test' },
      theme: { color: '#e50914' },
    });
    const dialog = page.getByRole('dialog', { name: 'Streamly' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // The amount is the order's, whatever the page passed.
    await page.getByText('₹1,200.00').waitFor();
    expect(await dialog.getByText('TEST MODE').isVisible()).toBe(true);
    expect(await dialog.getByRole('tab').allTextContents()).toEqual(['UPI', 'Card']);
    expect(await dialog.getByRole('tab', { name: 'UPI' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('tab', { name: 'Card' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Card number' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const [outcome] = await outcomes(page);
    expect(outcome.kind).toBe('paid');
    const response = (outcome as { response: Record<string, string> }).response;
    expect(response.razorpay_order_id).toBe(order.id);
    expect(signedByFake(fake, { order_id: order.id }, response)).toBe(true);
    expect(await sdk.payments.fetch(response.razorpay_payment_id)).toMatchObject({
      method: 'card',
      status: 'captured',
      email: 'viewer@streamly.test',
    });
  });

  it('Fail fires payment.failed with Razorpay’s error object; Close dismisses', async () => {
    const sub = await openSubscriptionCheckout({ name: 'Basic', amount: 14900 }, 1, 12);
    const dialog = page.getByRole('dialog', { name: 'Streamly' });
    await page.getByText('₹149.00').waitFor();
    await dialog.getByRole('button', { name: 'Fail' }).click();
    await dialog.getByRole('status').getByText('Payment failed', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    const [failed, dismissed] = await outcomes(page);
    expect(failed).toMatchObject({
      kind: 'failed',
      error: {
        code: 'BAD_REQUEST_ERROR',
        source: 'bank',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { subscription_id: sub.id },
      },
    });
    expect(dismissed).toEqual({ kind: 'dismissed' });
  });

  it('Pay on a subscription returns razorpay_subscription_id signed as payment_id|subscription_id', async () => {
    const sub = await openSubscriptionCheckout({ name: 'Standard', amount: 49900 }, 3, 4);
    await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const [outcome] = await outcomes(page);
    const response = (outcome as { response: Record<string, string> }).response;
    expect(signedByFake(fake, { subscription_id: sub.id }, response)).toBe(true);
    expect((await sdk.subscriptions.fetch(sub.id)).status).toBe('active');
  });
});
