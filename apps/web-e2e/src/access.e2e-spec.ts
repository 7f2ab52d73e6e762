import type { Page } from 'playwright-core';
import type { Entitlement, HistoryPage, MismatchReport, Movie, PlanId } from '@app/contracts';
import { PaymentMessages } from '@app/contracts';
import { expectStatus } from './support/accounts';
import { adminSignIn, call, newUser, signIn, type SignedIn } from './support/api';
import { openBrowser, type Session } from './support/browser';
import { documentsHolding } from './support/data';
import { waitForMailContaining } from './support/outbox';
import {
  acquireTitle,
  checkoutModal,
  ordersOf,
  payInCheckout,
  paymentsOf,
  razorpayControl,
  subscribeTo,
  titlesOf,
} from './support/payments';
import { eventually, playableFreeTitles, playableTitles } from './support/playable';
import {
  currentTime,
  media,
  playerOf,
  playsPast,
  recordStreamTraffic,
  refusedWithin,
  servedLinks,
  streamStatus,
  type StreamFetch,
  type StreamTraffic,
  watch,
} from './support/player';
import { literally } from './support/text';
import { asNewViewer, signInAs, watchPart } from './support/viewer';

// Journeys of issue 22 in Chromium against the whole system: access holds (stream links live with their lease, one
// charge per title, deletion stays deleted, plans can be bought after the Razorpay stand-in forgot them) and the
// screens tell the truth (screens, badges). The system runs for tests with 60 s stream tokens (tools/dev/system.ts).

/** The bound this product names for an ended lease (README "Security"): its links refused within seconds. */
const LINKS_REFUSED_WITHIN_MS = 15_000;
/** A player learns that its lease ended at its next heartbeat (every 10 s). */
const PLAYER_STOPS_WITHIN_MS = 25_000;
const STREAM_STOPPED = 'This stream was stopped from another screen.';

let free: Movie[];
let premium: Movie;
let adminToken: string;

beforeAll(async () => {
  [free, [premium], adminToken] = await Promise.all([
    playableFreeTitles(2),
    playableTitles('premium', 1),
    adminSignIn(),
  ]);
  expect(free.length).toBeGreaterThanOrEqual(2);
  expect(premium).toBeDefined();
}, 180_000);

/**
 * Shows the player's links dying with its lease: its master playlist and newest segment answer 403 within the bound
 * while the token they carry has not run out yet (so it is the lease that ended them, not the clock).
 */
const expectLinksRefused = async (
  traffic: StreamTraffic,
  links: { master: string; segment: string; token: string },
) => {
  const { statuses, refusedAt } = await refusedWithin([links.master, links.segment], LINKS_REFUSED_WITHIN_MS);
  expect(statuses).toEqual([403, 403]);
  expect(traffic.tokenExpiry.get(links.token)).toBeGreaterThan(refusedAt ?? Infinity);
};

/** The player has stopped and said why: no media element, "Play here" offered. */
const expectPlayerStopped = async (page: Page, title: string) => {
  await page.getByText(STREAM_STOPPED).waitFor({ timeout: PLAYER_STOPS_WITHIN_MS });
  await playerOf(page, title).waitFor({ state: 'detached' });
  expect(await media(page).count()).toBe(0);
};

describe('one purchase per title (issue 22, finding 2)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    // A switch of the shared Razorpay stand-in: off again whatever happened.
    await razorpayControl('delivery', { doublePayments: false });
    await session?.close();
  });

  it('two tabs buying the same title get one charge: one order, the second payment refunded by itself', async () => {
    const viewer = await asNewViewer(session.context, 'two-tabs');
    const tabs = [session.page, await session.context.newPage()];
    for (const tab of tabs) {
      await tab.goto(`/movie/${premium.id}`);
      await tab.getByRole('button', { name: 'Buy ₹1200' }).click();
      await checkoutModal(tab).waitFor();
    }
    // Both Checkout windows are paid, as when a bank authorises both within the same second.
    await razorpayControl('delivery', { doublePayments: true });

    const [first, second] = tabs;
    await payInCheckout(first, 'Pay');
    await first.getByText(PaymentMessages.success).waitFor();
    const secondVerified = second.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/payments/verify',
    );
    await payInCheckout(second, 'Pay');
    await secondVerified;

    // Both presses reused one order; of its two payments one stays captured and the other is refunded.
    expect(await ordersOf(adminToken, viewer.id)).toEqual([
      expect.objectContaining({ movieId: premium.id, kind: 'purchase', status: 'paid' }),
    ]);
    const settled = await eventually(
      () => paymentsOf(adminToken, viewer.id),
      (payments) => payments.filter((payment) => payment.status === 'refunded').length === 1,
      30_000,
    );
    expect(settled.map(({ movieId, status }) => ({ movieId, status }))).toEqual(
      expect.arrayContaining([
        { movieId: premium.id, status: 'captured' },
        { movieId: premium.id, status: 'refunded' },
      ]),
    );
    expect(settled).toHaveLength(2);
    // The second tab tells the viewer…
    await second.getByText(PaymentMessages.duplicateRefunded).waitFor();
    // …and so does the second payment's receipt; nothing is left for an admin to refund by hand.
    await waitForMailContaining(viewer.email, 'this second payment is being refunded in full');
    const report = await call<MismatchReport>('GET', '/api/admin/payments/mismatches', { token: adminToken });
    expectStatus(report, 200);
    expect(report.body.duplicates.filter((duplicate) => duplicate.userId === viewer.id)).toEqual([]);

    // My titles lists it once.
    expect(await titlesOf(viewer)).toEqual([
      expect.objectContaining({ movieId: premium.id, kind: 'purchase', active: true }),
    ]);
    await first.goto('/userprofile?tab=my-titles');
    const owned = first.getByRole('link', { name: literally(premium.title) });
    await owned.first().waitFor();
    expect(await owned.count()).toBe(1);
  }, 120_000);
});

/** The rendition a media segment belongs to (`…/{movieId}/720p/seg_00003.m4s`), or null for anything else. */
const renditionOf = (fetch: StreamFetch | undefined): string | null =>
  fetch ? (/\/(\d+p)\/seg_\d+\.m4s$/.exec(new URL(fetch.url).pathname)?.[1] ?? null) : null;

describe('stream links live with their lease (issue 22, findings 1 and 3)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  it('a refunded rental stops playing: its links answer 403 within 15 s and the player says it stopped', async () => {
    const { page, context } = session;
    const renter = await asNewViewer(context, 'refunded-renter');
    await acquireTitle(renter, premium.id, 'rental');
    const traffic = recordStreamTraffic(page);

    await watch(page, premium);
    await playsPast(page, 1);
    const links = servedLinks(traffic);
    expect(await streamStatus(links.master)).toBe(200);
    expect([200, 206]).toContain(await streamStatus(links.segment));

    const [payment] = await paymentsOf(adminToken, renter.id);
    expect(payment).toMatchObject({ movieId: premium.id, kind: 'rental', status: 'captured' });
    expectStatus(
      await call('POST', '/api/admin/payments/refunds', {
        token: adminToken,
        body: { paymentId: payment.id },
      }),
      200,
    );

    await expectLinksRefused(traffic, links);
    await expectPlayerStopped(page, premium.title);
    // Playing again finds no rental any more: the ways in, not a player.
    await page.getByRole('button', { name: 'Play here' }).click();
    await page.getByRole('button', { name: 'Rent Now' }).first().waitFor();
    expect(await media(page).count()).toBe(0);
  }, 120_000);

  it('a deleted account’s open player stops, and nothing of the viewer comes back', async () => {
    const { page, context } = session;
    const viewer = await asNewViewer(context, 'deleted-watcher');
    const needles = [viewer.id, viewer.email, viewer.username];
    const traffic = recordStreamTraffic(page);
    const [movie] = free;

    await watch(page, movie);
    await playsPast(page, 1);
    // Its history exists before the deletion (from the player's first heartbeat, 10 s in).
    const history = await eventually(
      () => call<HistoryPage>('GET', `/api/users/${viewer.id}/watch-history`, { token: viewer.token }),
      (answer) => answer.body.total > 0,
      30_000,
    );
    expect(history.body.data).toEqual([expect.objectContaining({ movieId: movie.id })]);
    const links = servedLinks(traffic);

    // Deleted from another device while this one still plays.
    const elsewhere = await signIn(viewer);
    expectStatus(
      await call('POST', `/api/users/${viewer.id}/delete-account`, {
        token: elsewhere.token,
        body: { password: viewer.password },
      }),
      204,
    );

    await expectLinksRefused(traffic, links);
    await expectPlayerStopped(page, movie.title);

    // A late report of the old player (one that missed the stop) keeps no lease and records nothing.
    const [opened] = traffic.sessions;
    const late = await call<{ leaseActive: boolean }>('POST', '/api/playback/heartbeat', {
      body: {
        token: opened.token,
        leaseId: opened.leaseId,
        positionSeconds: 30,
        durationSeconds: opened.durationSeconds,
        event: 'tick',
        watchedSeconds: 10,
      },
    });
    expect([200, 401, 403]).toContain(late.status);
    if (late.status === 200) expect(late.body.leaseActive).toBe(false);
    await page.goto('about:blank');

    const left = await eventually(
      () => documentsHolding(needles),
      (holding) => holding.length === 0,
      30_000,
    );
    expect(left).toEqual([]);
    // And it stays so once every late event has been handled.
    expect(await stillHolding(needles)).toEqual([]);
  }, 150_000);

  it('a film longer than one stream token’s life plays on past it; a quality picked afterwards is served', async () => {
    const { page, context } = session;
    const viewer = await asNewViewer(context, 'long-film');
    // Premium streams every rendition, so the quality menu has something to pick.
    await subscribeTo(viewer, 'premium');
    const traffic = recordStreamTraffic(page);
    const [movie] = free;

    await watch(page, movie);
    await playsPast(page, 0.5);
    const [opened] = traffic.sessions;
    const firstTokenEnds = Date.parse(opened.expiresAt);
    const tokenLeft = (firstTokenEnds - Date.now()) / 1000;
    const at = await currentTime(page);
    const duration = await media(page).evaluate((element) => (element as HTMLMediaElement).duration);
    expect(duration).toBeGreaterThan(at + tokenLeft + 10);

    // It plays on until the first token has run out (hls.js has buffered most of the film by then)…
    await playsPast(page, at + tokenLeft + 2, (tokenLeft + 30) * 1000);
    expect(Date.now()).toBeGreaterThan(firstTokenEnds);

    // …then the viewer picks another quality: hls.js fetches that rendition afresh, with a token a heartbeat
    // brought, and plays on.
    const playing = renditionOf(traffic.fetches.findLast((fetch) => renditionOf(fetch) !== null));
    const picked = playing === '480p' ? '720p' : '480p';
    const fetchedBefore = traffic.fetches.length;
    await page.getByRole('button', { name: 'quality' }).click();
    await page.getByRole('menuitemradio', { name: picked }).click();
    const pickedFetches = () =>
      traffic.fetches.slice(fetchedBefore).filter((fetch) => renditionOf(fetch) === picked);
    await eventually(
      () => Promise.resolve(traffic.fetches.slice(fetchedBefore)),
      (fetches) => pickedFetches().length > 0 || fetches.some((fetch) => fetch.status >= 400),
    );
    // Never a refused request (a link with a token that ran out would be: 403)…
    expect(traffic.fetches.filter((fetch) => fetch.status >= 400)).toEqual([]);
    const refetched = pickedFetches();
    expect(refetched.length).toBeGreaterThan(0);
    expect(refetched.filter((fetch) => fetch.token === opened.token)).toEqual([]);
    expect(refetched.every((fetch) => traffic.tokenExpiry.has(fetch.token))).toBe(true);
    await playsPast(page, (await currentTime(page)) + 2);

    // …nor an error or a stop.
    expect(traffic.fetches.filter((fetch) => fetch.status >= 400)).toEqual([]);
    await playerOf(page, movie.title).waitFor();
    for (const text of [STREAM_STOPPED, 'Playback could not start. Please try again.'])
      expect(await page.getByText(text).count()).toBe(0);
  }, 180_000);
});

/** Polls the data for a few seconds (late events are handled within them) and answers what held a needle at the end. */
const stillHolding = async (needles: string[]): Promise<string[]> => {
  const until = Date.now() + 6_000;
  let holding = await documentsHolding(needles);
  while (holding.length === 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    holding = await documentsHolding(needles);
  }
  return holding;
};

describe('screens tell the truth (issue 22, finding 8)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  /** A title opened in a tab, past the "Continue watching?" prompt if one is asked. */
  const startWatching = async (page: Page, movie: Movie) => {
    await watch(page, movie);
    const startOver = page.getByRole('button', { name: 'Start over' });
    const limit = page.getByText('All your screens are in use. Stop a stream to watch here.');
    const player = playerOf(page, movie.title);
    await startOver.or(limit).or(player).first().waitFor();
    if (await startOver.isVisible()) await startOver.click();
  };

  const oneScreen = async (viewer: SignedIn, movie: Movie) => {
    const answer = await call<Entitlement>('GET', `/api/entitlements/${movie.id}`, { token: viewer.token });
    expect(answer.body).toMatchObject({ canWatch: true, screens: 1 });
  };

  it('a viewer who opened a title and left it can start another on one screen', async () => {
    const { page, context } = session;
    const viewer = await asNewViewer(context, 'one-screen');
    const [first, second] = free;
    await oneScreen(viewer, second);
    // Watched half of the first title once: opening it again asks "Continue watching?" first.
    await watchPart(page, first, 0.5);
    await eventually(
      () =>
        call<{ resumePositionSeconds: number }>('GET', `/api/playback/${first.id}`, { token: viewer.token }),
      (answer) => answer.body.resumePositionSeconds > 5,
    );
    await watch(page, first);
    await page.getByRole('heading', { name: 'Continue watching?' }).waitFor();

    // The prompt holds no screen: another tab plays at once.
    const other = await context.newPage();
    await startWatching(other, second);
    await playsPast(other, 0.5);

    // The other tab leaves (its exit report gives the screen back); the first resumes where the viewer was.
    await other.goto('/userdashboard');
    await page.getByRole('button', { name: /^Resume from / }).click();
    await playsPast(page, 5);
  }, 150_000);

  it('a tab blocked by this device’s other tab lists it, and starts by itself once that tab leaves', async () => {
    const { page, context } = session;
    const viewer = await asNewViewer(context, 'waiting-tab');
    const [first, second] = free;
    await oneScreen(viewer, second);
    await startWatching(page, first);
    await playsPast(page, 0.5);

    const other = await context.newPage();
    await startWatching(other, second);
    const screens = other.getByRole('region', { name: 'Screens in use' });
    await screens.getByText('This device').waitFor();
    await screens.getByRole('button', { name: `Stop that stream: ${first.title} on This device` }).waitFor();

    // The playing tab leaves: the waiting one starts without a click (it checks every 4 s).
    await page.goto('/userdashboard');
    await playsPast(other, 0.5, 30_000);
    await playerOf(other, second.title).waitFor();
  }, 120_000);

  const BADGE_SECTIONS = ['Premium Movies', 'Top Rated', 'Popular Movies', 'Trending Now'] as const;

  /**
   * The home page once every card knows its badge: loaded until the network is idle and every entitlement answer
   * (`POST /api/entitlements`, one per row) has come; then the "Subscription Required" badges of each section.
   */
  const requiredBadges = async (page: Page, settled: (counts: Record<string, number>) => boolean) => {
    let asked = 0;
    let answered = 0;
    const isEntitlements = (url: string, method: string) =>
      method === 'POST' && new URL(url).pathname === '/api/entitlements';
    page.on('request', (request) => {
      if (isEntitlements(request.url(), request.method())) asked++;
    });
    page.on('requestfinished', (request) => {
      if (isEntitlements(request.url(), request.method())) answered++;
    });
    await page.goto('/userdashboard', { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: 'Premium Movies' }).waitFor();
    await eventually(
      () => Promise.resolve({ asked, answered }),
      (counts) => counts.answered > 0 && counts.answered === counts.asked,
    );
    await page.waitForLoadState('networkidle');
    const count = async () =>
      Object.fromEntries(
        await Promise.all(
          BADGE_SECTIONS.map(
            async (name) =>
              [
                name,
                await page
                  .getByRole('region', { name, exact: true })
                  .getByText('Subscription Required', { exact: true })
                  .count(),
              ] as const,
          ),
        ),
      );
    // The last answer's render can trail its response on a loaded machine: counted until `settled` or 10 s.
    return eventually(count, settled, 10_000);
  };

  it('a Premium subscriber sees no "Subscription Required" badge; the same viewer without a plan did', async () => {
    const { page, context } = session;
    const viewer = await asNewViewer(context, 'premium-badges');

    const before = await requiredBadges(page, (counts) => counts['Premium Movies'] > 0);
    expect(before['Premium Movies']).toBeGreaterThan(0);

    await subscribeTo(viewer, 'premium');
    const none = (counts: Record<string, number>) => Object.values(counts).every((n) => n === 0);
    expect(await requiredBadges(page, none)).toEqual({
      'Premium Movies': 0,
      'Top Rated': 0,
      'Popular Movies': 0,
      'Trending Now': 0,
    });
  }, 120_000);
});

describe('plans can be bought after the Razorpay stand-in forgot them (issue 22, finding 7)', () => {
  const PLANS: Array<{ id: PlanId; name: string; priceInr: number }> = [
    { id: 'basic', name: 'Basic', priceInr: 149 },
    { id: 'standard', name: 'Standard', priceInr: 499 },
    { id: 'premium', name: 'Premium', priceInr: 899 },
  ];

  it('every plan, bought once, can be bought again through /subscription once Razorpay no longer knows it', async () => {
    // Each plan sold once, so payment-service holds a Razorpay plan id for each…
    for (const plan of PLANS) await subscribeTo(await newUser(`first-${plan.id}`), plan.id);
    // …which the stand-in then forgets, as it did when `npm start` restarted it without its state.
    const { forgotten } = await razorpayControl<{ forgotten: number }>('forget-plans');
    expect(forgotten).toBeGreaterThanOrEqual(PLANS.length);

    for (const plan of PLANS) {
      const session = await openBrowser();
      try {
        const { page, context } = session;
        const viewer = await newUser(`again-${plan.id}`);
        await signInAs(context, viewer);
        await page.goto('/subscription');
        // A click, not check(): the choice is kept in the URL, so the radio shows it only once the page re-rendered.
        await page.getByRole('radio', { name: new RegExp(`^${plan.name}`) }).click();
        await page.getByRole('button', { name: `Subscribe Now for ₹${plan.priceInr}` }).click();
        await payInCheckout(page, 'Pay');
        await page.waitForURL('**/payment-success');
        await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
        const current = await call<{ data: { planId: PlanId; status: string } }>(
          'GET',
          `/api/users/${viewer.id}/subscription`,
          { token: viewer.token },
        );
        expect(current.body.data).toMatchObject({ planId: plan.id, status: 'active' });
      } finally {
        await session.close();
      }
    }
  }, 180_000);
});
