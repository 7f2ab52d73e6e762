import type { Page } from 'playwright-core';
import type { MovieSections } from '@app/contracts';
import { call, newUser, type SignedIn } from './support/api';
import type { Session } from './support/browser';
import { openBrowser } from './support/browser';
import { signInAs } from './support/viewer';

// Journeys of issue 9 in Chromium against the whole system, paying in the local Razorpay server's Checkout (test
// mode): subscribe, buy, rent, cancel, and a declined payment.

let premium: { id: string; title: string };

/** A new viewer, signed in by putting the session where the app keeps it (SPEC 3 keys) before it loads. */
const asNewViewer = async (session: Session, label: string): Promise<SignedIn> => {
  const viewer = await newUser(label);
  await signInAs(session.context, viewer);
  return viewer;
};

/** Razorpay Checkout's modal (the local server's checkout.js): test mode, then Pay or Fail. */
const checkout = async (page: Page, button: 'Pay' | 'Fail') => {
  const modal = page.getByRole('dialog').filter({ hasText: 'TEST MODE' });
  await modal.waitFor();
  await modal.getByRole('button', { name: button, exact: true }).click();
  return modal;
};

beforeAll(async () => {
  const sections = await call<MovieSections>('GET', '/api/movies/sections');
  premium = sections.body.premium[0];
});

describe('payments (issue 9)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  it('subscribes to Standard in test mode; a premium title is then included; cancelling keeps it until the period ends', async () => {
    const { page } = session;
    await asNewViewer(session, 'standard');

    await page.goto('/subscription');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    const subscribe = page.getByRole('button', { name: /^Subscribe Now for/ });
    expect(await subscribe.textContent()).toContain('₹0');
    expect(await subscribe.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: /^Standard/ }).check();
    await page.getByRole('button', { name: 'Subscribe Now for ₹499' }).click();
    await checkout(page, 'Pay');

    await page.waitForURL('**/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    await page.goto(`/movie/${premium.id}`);
    await page.getByText('You can watch this: included in Standard').waitFor();

    await page.goto('/userprofile?tab=subscription');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page
      .getByText(/^Active until /)
      .first()
      .waitFor();
  });

  it('buys a title from its page; it shows "You own this" and is in My titles', async () => {
    const { page } = session;
    await asNewViewer(session, 'buyer');

    await page.goto(`/movie/${premium.id}`);
    await page.getByRole('button', { name: 'Buy ₹1200' }).click();
    await checkout(page, 'Pay');
    await page.getByText('Payment successful!').waitFor();
    await page.getByText('You own this').first().waitFor();

    await page.goto('/userprofile?tab=my-titles');
    await page
      .getByRole('link', { name: new RegExp(premium.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .waitFor();
    await page.getByText('Yours to keep').waitFor();
  });

  it('rents a title: the panel shows the 30 days to start', async () => {
    const { page } = session;
    await asNewViewer(session, 'renter');

    await page.goto(`/movie/${premium.id}`);
    await page.getByRole('button', { name: 'Rent Now' }).click();
    await checkout(page, 'Pay');
    await page.getByText('Payment successful!').waitFor();
    await page.getByText('Rented: 30 days to start').waitFor();
  });

  it("a declined payment shows SPEC's text and grants nothing", async () => {
    const { page } = session;
    const viewer = await asNewViewer(session, 'declined');

    await page.goto(`/movie/${premium.id}`);
    await page.getByRole('button', { name: 'Rent Now' }).click();
    const modal = await checkout(page, 'Fail');
    await modal.getByRole('button', { name: 'Close' }).click();

    await page.getByText('Failed to process payment. Please try again.').waitFor();
    const titles = await call<{ data: unknown[] }>('GET', `/api/users/${viewer.id}/titles`, {
      token: viewer.token,
    });
    expect(titles.body.data).toEqual([]);
    expect(await page.getByRole('button', { name: 'Rent Now' }).isVisible()).toBe(true);
  });
});
