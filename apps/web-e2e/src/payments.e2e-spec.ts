import type { MovieSections } from '@app/contracts';
import { call } from './support/api';
import type { Session } from './support/browser';
import { openBrowser } from './support/browser';
import { payInCheckout, titlesOf } from './support/payments';
import { literally } from './support/text';
import { asNewViewer } from './support/viewer';

// Journeys of issue 9 in Chromium against the whole system, paying in the local Razorpay server's Checkout (test
// mode): subscribe, buy, rent, cancel, and a declined payment.

let premium: { id: string; title: string };

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
    await asNewViewer(session.context, 'standard');

    await page.goto('/subscription');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    const subscribe = page.getByRole('button', { name: /^Subscribe Now for/ });
    expect(await subscribe.textContent()).toContain('₹0');
    expect(await subscribe.isDisabled()).toBe(true);
    // A click, not check(): the choice is kept in the URL, so the radio shows it only once the page re-rendered.
    await page.getByRole('radio', { name: /^Standard/ }).click();
    await page.getByRole('button', { name: 'Subscribe Now for ₹499' }).click();
    await payInCheckout(page, 'Pay');

    await page.waitForURL('**/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    await page.goto(`/movie/${premium.id}`);
    await page.getByText('You can watch this: included in Standard').waitFor();

    await page.goto('/userprofile?tab=subscription');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    // It asks first, saying what stays (issue 22, finding 8).
    const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await confirm.getByText(/^You keep access until /).waitFor();
    await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page
      .getByText(/^Active until /)
      .first()
      .waitFor();
  });

  it('buys a title from its page; it shows "You own this" and is in My titles', async () => {
    const { page } = session;
    await asNewViewer(session.context, 'buyer');

    await page.goto(`/movie/${premium.id}`);
    await page.getByRole('button', { name: 'Buy ₹1200' }).click();
    await payInCheckout(page, 'Pay');
    // A purchase ends as a plan does: on /payment-success, with the way back to the title.
    await page.waitForURL('**/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.getByRole('link', { name: `Continue watching ${premium.title}` }).click();
    await page.getByText('You own this').first().waitFor();

    await page.goto('/userprofile?tab=my-titles');
    await page.getByRole('link', { name: literally(premium.title) }).waitFor();
    await page.getByText('Yours to keep').waitFor();
  });

  it('rents a title: the panel shows the 30 days to start', async () => {
    const { page } = session;
    await asNewViewer(session.context, 'renter');

    await page.goto(`/movie/${premium.id}`);
    await page.getByRole('button', { name: 'Rent Now' }).click();
    await payInCheckout(page, 'Pay');
    await page.waitForURL('**/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.getByRole('link', { name: `Continue watching ${premium.title}` }).click();
    await page.getByText('Rented: 30 days to start').waitFor();
  });

  it("a declined payment shows SPEC's text and grants nothing", async () => {
    const { page } = session;
    const viewer = await asNewViewer(session.context, 'declined');

    await page.goto(`/movie/${premium.id}`);
    await page.getByRole('button', { name: 'Rent Now' }).click();
    const modal = await payInCheckout(page, 'Fail');
    await modal.getByRole('button', { name: 'Close' }).click();

    await page.getByText('Failed to process payment. Please try again.').waitFor();
    expect(await titlesOf(viewer)).toEqual([]);
    expect(await page.getByRole('button', { name: 'Rent Now' }).isVisible()).toBe(true);
  });
});
