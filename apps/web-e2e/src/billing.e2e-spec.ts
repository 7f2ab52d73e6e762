import { readFile } from 'node:fs/promises';
import type { AdminPayment, Movie, Promo, SubscriptionView } from '@app/contracts';
import { expectStatus } from './support/accounts';
import { adminSignIn, call, signIn } from './support/api';
import { openBrowser, type Session } from './support/browser';
import { waitForMailContaining } from './support/outbox';
import { checkoutModal, payInCheckout, paymentsOf } from './support/payments';
import { eventually, playableFreeTitles, playableTitles } from './support/playable';
import { media, playsPast, recordStreamTraffic, refusedWithin, servedLinks, watch } from './support/player';
import { asNewViewer, signInAs } from './support/viewer';

// Issue 27's journeys in Chromium against the whole system: pay with a promo code (a title, a plan) and download the
// GST invoice, start and cancel a free trial, and sign out another device and see its player stop.

/** The bound this product names for an ended lease (README "Security"): its links refused within seconds. */
const LINKS_REFUSED_WITHIN_MS = 15_000;

let premium: Movie;
let free: Movie;
let adminToken: string;

beforeAll(async () => {
  [[premium], [free], adminToken] = await Promise.all([
    playableTitles('premium', 1),
    playableFreeTitles(1),
    adminSignIn(),
  ]);
}, 180_000);

describe('billing as India expects (issue 27)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  it('buys a title with a promo code: Checkout charges the discounted price, the receipt and the GST invoice show it', async () => {
    const { page } = session;
    const code = `JOURNEY${Date.now().toString(36).toUpperCase().slice(-8)}`;
    const created = await call<Promo>('POST', '/api/admin/promos', {
      token: adminToken,
      body: {
        code,
        discount: { kind: 'percent', percentOff: 20 },
        appliesTo: { titles: 'all', titleKinds: ['purchase', 'rental'] },
        validFrom: new Date(Date.now() - 60_000).toISOString(),
        validTo: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expectStatus(created, 201);
    const viewer = await asNewViewer(session.context, 'promo-buyer');

    await page.goto(`/movie/${premium.id}`);
    await page.getByLabel('Promo code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Buy ₹1200' }).click();
    // Checkout asks for the discounted price.
    await checkoutModal(page).getByText(/960/).first().waitFor();
    await payInCheckout(page, 'Pay');
    await page.waitForURL('**/payment-success');

    // Charged ₹960, once; the receipt mail names the code and its discount, with the invoice attached.
    const payments = await eventually(
      () => paymentsOf(adminToken, viewer.id),
      (found: AdminPayment[]) => found.some((payment) => payment.status === 'captured'),
    );
    expect(payments.map((payment) => [payment.kind, payment.amountInr, payment.status])).toEqual([
      ['purchase', 960, 'captured'],
    ]);
    const receipt = await waitForMailContaining(viewer.email, `Promo code ${code}: -₹240.00`, 60_000);
    expect(receipt.text).toContain('Amount paid: ₹960.00');
    expect(receipt.text).toMatch(/Tax invoice: SL\/\d{2}-\d{2}\/\d+ \(attached\)/);
    expect(receipt.attachments?.some((name) => name.endsWith('.pdf'))).toBe(true);

    // Profile → Billing lists the invoice; its PDF downloads.
    await page.goto('/userprofile?tab=billing');
    const download = page.getByRole('button', { name: /^Download .+ as PDF$/ }).first();
    await download.waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const pdf = await readFile(await file.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 120_000);

  it('subscribes to Basic with a promo code: the first month at the discount, its GST invoice by mail, then ₹149/month', async () => {
    const { page } = session;
    const code = `PLAN${Date.now().toString(36).toUpperCase().slice(-8)}`;
    const created = await call<Promo>('POST', '/api/admin/promos', {
      token: adminToken,
      body: {
        code,
        discount: { kind: 'percent', percentOff: 20 },
        appliesTo: { titles: [], plans: ['basic'] },
        validFrom: new Date(Date.now() - 60_000).toISOString(),
        validTo: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expectStatus(created, 201);
    const viewer = await asNewViewer(session.context, 'promo-plan');

    await page.goto('/subscription');
    await page.getByRole('radio', { name: /^Basic/ }).check();
    await page.getByLabel('Promo code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Subscribe Now for ₹149' }).click();
    // The page says what follows; Checkout asks for the first month's price now, the plan's from a month on.
    await page
      .getByText(`Promo code ${code} applied: ₹119 for the first month, then ₹149/month.`, { exact: false })
      .waitFor();
    await checkoutModal(page).getByText(/119/).first().waitFor();
    await payInCheckout(page, 'Pay');
    await page.waitForURL('**/payment-success');

    // Charged ₹119 once; Basic from now, its next charge ₹149 a month on.
    const payments = await eventually(
      () => paymentsOf(adminToken, viewer.id),
      (found: AdminPayment[]) => found.some((payment) => payment.status === 'captured'),
    );
    expect(payments.map((payment) => [payment.kind, payment.amountInr, payment.status])).toEqual([
      ['subscription', 119, 'captured'],
    ]);
    const subscription = await call<{ data: SubscriptionView | null }>(
      'GET',
      `/api/users/${viewer.id}/subscription`,
      { token: viewer.token },
    );
    expect(subscription.body.data).toMatchObject({ planId: 'basic', amountInr: 149 });
    expect(Date.parse(subscription.body.data?.nextBilling ?? '')).toBeGreaterThan(
      Date.now() + 27 * 86_400_000,
    );

    // The receipt names the code and its discount, with the GST tax invoice attached.
    const receipt = await waitForMailContaining(viewer.email, `Promo code ${code}: -₹30.00`, 60_000);
    expect(receipt.text).toContain('Amount paid: ₹119.00');
    expect(receipt.text).toMatch(/Tax invoice: SL\/\d{2}-\d{2}\/\d+ \(attached\)/);
    expect(receipt.attachments?.some((name) => name.endsWith('.pdf'))).toBe(true);
  }, 120_000);

  it('starts a free trial of Standard, then cancels it: nothing is charged and access lasts to the trial end', async () => {
    const { page } = session;
    const viewer = await asNewViewer(session.context, 'trial');

    await page.goto('/subscription');
    const offer = page.getByRole('region', { name: 'Try Standard free for 7 days' });
    await offer.getByRole('button', { name: 'Start free trial' }).click();
    await payInCheckout(page, 'Pay');
    await page.waitForURL('**/payment-success');

    const subscription = () =>
      call<{ data: SubscriptionView | null }>('GET', `/api/users/${viewer.id}/subscription`, {
        token: viewer.token,
      });
    const trial = await eventually(subscription, (answer) => Boolean(answer.body.data?.trialEndsAt));
    expectStatus(trial, 200);
    const trialEndsAt = trial.body.data?.trialEndsAt;
    expect(trial.body.data).toMatchObject({ planId: 'standard', status: 'authenticated' });
    await page.goto(`/movie/${premium.id}`);
    await page.getByText('You can watch this: included in Standard').waitFor();

    await page.goto('/userprofile?tab=subscription');
    await page
      .getByText(/^Free trial until /)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page
      .getByText(/^Active until /)
      .first()
      .waitFor();

    // Nothing was ever captured, and access still ends where the trial does.
    const payments = await paymentsOf(adminToken, viewer.id);
    expect(payments.filter((payment) => payment.status === 'captured')).toEqual([]);
    expect((await subscription()).body.data).toMatchObject({
      status: 'cancelled',
      trialEndsAt,
      activeUntil: trialEndsAt,
    });
  }, 120_000);

  it('signs out another device from Profile → Devices; that device’s player stops', async () => {
    const { page } = session;
    const viewer = await asNewViewer(session.context, 'devices');
    const traffic = recordStreamTraffic(page);
    await watch(page, free);
    await playsPast(page, 1);
    const links = servedLinks(traffic);

    // The same account on a second device (its own session), in a browser of its own.
    const other = await openBrowser();
    try {
      await signInAs(other.context, await signIn(viewer));
      await other.page.goto('/userprofile?tab=devices');
      const list = other.page.getByRole('list', { name: 'Signed-in devices' });
      await list.getByText('This device').waitFor();
      await list
        .getByRole('button', { name: /^Sign out / })
        .first()
        .click();
      const confirm = other.page.getByRole('dialog', { name: 'Sign out this device?' });
      await confirm.getByRole('button', { name: 'Sign out' }).click();
      await other.page.getByText('No other device is signed in.').waitFor();
    } finally {
      await other.close();
    }

    // The signed-out device's stream links die with its session, and its player stops.
    const { statuses } = await refusedWithin([links.master, links.segment], LINKS_REFUSED_WITHIN_MS);
    expect(statuses).toEqual([403, 403]);
    await eventually(
      () => media(page).count(),
      (count) => count === 0,
      30_000,
    );
    expect(await media(page).count()).toBe(0);
  }, 120_000);
});
