import type { Plan, TitleFacts } from '@app/contracts';
import { AccessReason, PlanId, Quality } from '@app/contracts';
import { MAX_SCREENS, PLAN_CATALOGUE } from '../plans/plan-catalogue';
import type { EntitlementInput, TitleGrant } from './entitlement-decision';
import { decideEntitlement } from './entitlement-decision';
import { newRentalClock, watchWindowFrom } from './rental-clock';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date('2025-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const later = (ms: number) => new Date(now.getTime() + ms);

const plan = (id: PlanId): Plan => {
  const found = PLAN_CATALOGUE.find((p) => p.id === id);
  if (!found) throw new Error(id);
  return found;
};
const basic = plan(PlanId.Basic);
const standard = plan(PlanId.Standard);
const premium = plan(PlanId.Premium);

const freeTitle: TitleFacts = {
  movieId: 'a'.repeat(24),
  title: 'Lagaan',
  access: 'free',
  purchasePriceInr: 1200,
  rentalPriceInr: 500,
};
const premiumTitle: TitleFacts = {
  ...freeTitle,
  movieId: 'b'.repeat(24),
  title: 'Sholay',
  access: 'premium',
};
const user = { userId: 'c'.repeat(24), isAdmin: false };
const admin = { userId: 'd'.repeat(24), isAdmin: true };

const purchase = (at = ago(10 * DAY)): TitleGrant => ({ kind: 'purchase', grantedAt: at });
const rental = (rentedAt: Date, startedAt: Date | null = null): TitleGrant => ({
  kind: 'rental',
  grantedAt: rentedAt,
  rental: { ...newRentalClock(rentedAt), ...(startedAt ? watchWindowFrom(startedAt) : {}) },
});

const decide = (overrides: Partial<EntitlementInput>) =>
  decideEntitlement({
    viewer: user,
    title: premiumTitle,
    plan: null,
    planChangesAt: null,
    plans: PLAN_CATALOGUE,
    grants: [],
    now,
    adminScreens: MAX_SCREENS,
    ...overrides,
  });

const premiumWaysIn = {
  plans: [
    { id: 'standard', name: 'Standard', priceInr: 499 },
    { id: 'premium', name: 'Premium', priceInr: 899 },
  ],
  purchaseInr: 1200,
  rentalInr: 500,
};
const noWayIn = { plans: [], purchaseInr: null, rentalInr: null };

describe('decideEntitlement: the access matrix (DECISIONS 26-27)', () => {
  it.each([
    // title, plan, canWatch, reason, quality, screens
    ['free', null, true, AccessReason.Free, Quality.SD, 1],
    ['free', basic, true, AccessReason.Free, Quality.HD, 1],
    ['free', standard, true, AccessReason.Free, Quality.FullHD, 2],
    ['free', premium, true, AccessReason.Free, Quality.Best, 4],
    ['premium', null, false, AccessReason.PremiumRequired, Quality.SD, 0],
    ['premium', basic, false, AccessReason.PremiumRequired, Quality.SD, 0],
    ['premium', standard, true, AccessReason.Plan, Quality.FullHD, 2],
    ['premium', premium, true, AccessReason.Plan, Quality.Best, 4],
  ] as const)(
    'a %s title with plan %p: canWatch %p (%s, %s, %i screens)',
    (access, p, canWatch, reason, quality, screens) => {
      const answer = decide({ title: access === 'free' ? freeTitle : premiumTitle, plan: p });
      expect(answer).toMatchObject({ canWatch, reason, quality, screens });
      expect(answer.plan).toEqual(p ? { id: p.id, name: p.name } : null);
    },
  );

  it('lists the ways in only when the viewer cannot watch: plans with premium content, cheapest first, and both prices', () => {
    expect(decide({ plan: basic }).waysIn).toEqual(premiumWaysIn);
    expect(decide({ plan: standard }).waysIn).toEqual(noWayIn);
    expect(decide({ title: freeTitle }).waysIn).toEqual(noWayIn);
  });

  it('takes the prices from the title (admins may edit them), never from a constant', () => {
    const answer = decide({ title: { ...premiumTitle, purchasePriceInr: 999, rentalPriceInr: 299 } });
    expect(answer.waysIn).toMatchObject({ purchaseInr: 999, rentalInr: 299 });
  });
});

describe('decideEntitlement: visitors and admins', () => {
  it('asks a visitor to sign in, even for a free title, with no plan to sell for a free one', () => {
    expect(decide({ viewer: null, title: freeTitle })).toMatchObject({
      canWatch: false,
      reason: AccessReason.SignInRequired,
      screens: 0,
      waysIn: noWayIn,
    });
  });

  it('shows a visitor the ways into a premium title', () => {
    expect(decide({ viewer: null })).toMatchObject({
      canWatch: false,
      reason: AccessReason.SignInRequired,
      waysIn: premiumWaysIn,
    });
  });

  it('lets an admin watch everything in the best quality on the most screens', () => {
    for (const title of [freeTitle, premiumTitle]) {
      expect(decide({ viewer: admin, title })).toMatchObject({
        canWatch: true,
        reason: AccessReason.Admin,
        quality: Quality.Best,
        screens: 4,
        waysIn: noWayIn,
      });
    }
    expect(
      decide({ viewer: admin, title: { ...premiumTitle, earlyAccessUntil: later(DAY).toISOString() } })
        .canWatch,
    ).toBe(true);
  });
});

describe('decideEntitlement: purchases', () => {
  it('plays a purchased premium title at 1080p on one screen without a plan, permanently', () => {
    const answer = decide({ grants: [purchase(ago(400 * DAY))] });
    expect(answer).toMatchObject({
      canWatch: true,
      reason: AccessReason.Purchase,
      quality: Quality.FullHD,
      screens: 1,
    });
    expect(answer.purchasedAt).toBe(ago(400 * DAY).toISOString());
  });

  it("lifts a purchase to the plan's screens, and a plan to the purchase's quality", () => {
    expect(decide({ plan: basic, grants: [purchase()] })).toMatchObject({
      reason: AccessReason.Purchase,
      quality: Quality.FullHD,
      screens: 1,
    });
    expect(decide({ plan: premium, grants: [purchase()] })).toMatchObject({
      reason: AccessReason.Plan,
      quality: Quality.Best,
      screens: 4,
    });
  });

  it('says plan when the plan includes the title, but still reports the purchase', () => {
    const answer = decide({ plan: standard, grants: [purchase()] });
    expect(answer).toMatchObject({ reason: AccessReason.Plan, quality: Quality.FullHD, screens: 2 });
    expect(answer.purchasedAt).not.toBeNull();
  });
});

describe('decideEntitlement: rental clocks (DECISIONS 7)', () => {
  it('lets an unstarted rental play until 30 days after renting', () => {
    const answer = decide({ grants: [rental(ago(29 * DAY))] });
    expect(answer).toMatchObject({
      canWatch: true,
      reason: AccessReason.Rental,
      quality: Quality.FullHD,
      screens: 1,
    });
    expect(answer.rental).toMatchObject({
      startedAt: null,
      expiresAt: null,
      startBy: later(DAY).toISOString(),
    });
  });

  it('expires an unstarted rental exactly at 30 days', () => {
    expect(decide({ grants: [rental(ago(30 * DAY))] })).toMatchObject({
      canWatch: false,
      reason: AccessReason.RentalExpired,
      waysIn: premiumWaysIn,
    });
  });

  it('runs 48 hours from the first play, and not a millisecond more', () => {
    expect(decide({ grants: [rental(ago(5 * DAY), ago(48 * HOUR - 1))] }).canWatch).toBe(true);
    expect(decide({ grants: [rental(ago(5 * DAY), ago(48 * HOUR))] })).toMatchObject({
      canWatch: false,
      reason: AccessReason.RentalExpired,
    });
  });

  it('keeps a rental started before its 30 days ran out for its full 48 hours', () => {
    const answer = decide({ grants: [rental(ago(31 * DAY), ago(DAY + 12 * HOUR))] });
    expect(answer).toMatchObject({ canWatch: true, reason: AccessReason.Rental });
    expect(answer.rental?.expiresAt).toBe(later(12 * HOUR).toISOString());
  });

  it('prefers the running rental over an expired older one, and shows its clock', () => {
    const answer = decide({ grants: [rental(ago(90 * DAY), ago(80 * DAY)), rental(ago(DAY))] });
    expect(answer.canWatch).toBe(true);
    expect(answer.rental?.rentedAt).toBe(ago(DAY).toISOString());
  });

  it("gives a rental the plan's better screens, and lets Standard say plan", () => {
    expect(decide({ plan: basic, grants: [rental(ago(DAY))] })).toMatchObject({
      reason: AccessReason.Rental,
      quality: Quality.FullHD,
      screens: 1,
    });
    expect(decide({ plan: standard, grants: [rental(ago(DAY))] }).reason).toBe(AccessReason.Plan);
  });

  it('ignores an expired rental of a free title: free titles stay free', () => {
    expect(decide({ title: freeTitle, grants: [rental(ago(60 * DAY))] })).toMatchObject({
      canWatch: true,
      reason: AccessReason.Free,
    });
  });
});

describe('decideEntitlement: early access (DECISIONS 26)', () => {
  const early = { ...premiumTitle, earlyAccessUntil: later(3 * DAY).toISOString() };

  it('lets only Premium subscribers in during the window, and offers only Premium', () => {
    expect(decide({ title: early, plan: premium })).toMatchObject({
      canWatch: true,
      reason: AccessReason.Plan,
    });
    for (const p of [null, basic, standard]) {
      expect(decide({ title: early, plan: p })).toMatchObject({
        canWatch: false,
        reason: AccessReason.PremiumRequired,
        waysIn: {
          plans: [{ id: 'premium', name: 'Premium', priceInr: 899 }],
          purchaseInr: null,
          rentalInr: null,
        },
      });
    }
  });

  it('does not let a purchase or rental in before the window ends', () => {
    expect(decide({ title: early, grants: [purchase()] }).canWatch).toBe(false);
  });

  it('applies the normal rules once the window is over', () => {
    const over = { ...premiumTitle, earlyAccessUntil: ago(1).toISOString() };
    expect(decide({ title: over, plan: standard }).canWatch).toBe(true);
    expect(decide({ title: { ...freeTitle, earlyAccessUntil: null } }).canWatch).toBe(true);
  });
});

describe('decideEntitlement: series (issue 13: a series comes with a plan only)', () => {
  const premiumSeries: TitleFacts = {
    ...premiumTitle,
    movieId: 'e'.repeat(24),
    title: 'Panchayat',
    kind: 'series',
  };
  const freeSeries: TitleFacts = { ...premiumSeries, access: 'free' };
  const plansOnly = { ...premiumWaysIn, purchaseInr: null, rentalInr: null };

  it('offers a premium series through plans only, to a viewer and to a visitor', () => {
    for (const p of [null, basic]) {
      expect(decide({ title: premiumSeries, plan: p })).toMatchObject({
        movieId: premiumSeries.movieId,
        canWatch: false,
        reason: AccessReason.PremiumRequired,
        waysIn: plansOnly,
      });
    }
    expect(decide({ viewer: null, title: premiumSeries })).toMatchObject({
      reason: AccessReason.SignInRequired,
      waysIn: plansOnly,
    });
  });

  it('lets a plan with premium content in, at its quality and screens', () => {
    expect(decide({ title: premiumSeries, plan: standard })).toMatchObject({
      canWatch: true,
      reason: AccessReason.Plan,
      quality: Quality.FullHD,
      screens: 2,
      waysIn: noWayIn,
    });
  });

  it('never lets a purchase or a rental in, nor reports one', () => {
    for (const grants of [[purchase()], [rental(ago(DAY))], [rental(ago(DAY), ago(HOUR))]]) {
      const answer = decide({ title: premiumSeries, grants });
      expect(answer).toMatchObject({
        canWatch: false,
        reason: AccessReason.PremiumRequired,
        purchasedAt: null,
        rental: null,
        waysIn: plansOnly,
      });
    }
    // With a plan, a stray grant does not lift the plan's quality either.
    expect(decide({ title: premiumSeries, plan: basic, grants: [purchase()] }).canWatch).toBe(false);
  });

  it('plays a free series for any signed-in viewer, and lets an admin watch a premium one', () => {
    expect(decide({ title: freeSeries })).toMatchObject({ canWatch: true, reason: AccessReason.Free });
    expect(decide({ viewer: admin, title: premiumSeries })).toMatchObject({
      canWatch: true,
      reason: AccessReason.Admin,
    });
  });

  it('keeps the prices of a movie: only the series kind drops them', () => {
    expect(decide({ title: { ...premiumTitle, kind: 'movie' } }).waysIn).toEqual(premiumWaysIn);
  });
});

describe('decideEntitlement: licence end (issue 28, DECISIONS 41)', () => {
  const ended = { ...premiumTitle, availableUntil: ago(1).toISOString() };

  it('keeps a buyer playing after the licence ended, as before it', () => {
    expect(decide({ title: ended, grants: [purchase()] })).toMatchObject({
      canWatch: true,
      reason: AccessReason.Purchase,
      quality: Quality.FullHD,
    });
  });

  it('lets a rental in progress run to its end, and not past it', () => {
    expect(decide({ title: ended, grants: [rental(ago(3 * DAY), ago(47 * HOUR))] })).toMatchObject({
      canWatch: true,
      reason: AccessReason.Rental,
    });
    expect(decide({ title: ended, grants: [rental(ago(3 * DAY), ago(48 * HOUR))] })).toMatchObject({
      canWatch: false,
      reason: AccessReason.LicenceEnded,
      waysIn: noWayIn,
    });
  });

  it('refuses a subscriber and a free title alike, offering nothing to buy, rent or subscribe to', () => {
    for (const answer of [
      decide({ title: ended, plan: premium }),
      decide({ title: { ...ended, access: 'free' } }),
    ])
      expect(answer).toMatchObject({ canWatch: false, reason: AccessReason.LicenceEnded, waysIn: noWayIn });
  });

  it('plays as usual until the licence end, and for admins after it', () => {
    expect(
      decide({ title: { ...premiumTitle, availableUntil: later(1).toISOString() }, plan: premium }).canWatch,
    ).toBe(true);
    expect(decide({ title: ended, viewer: admin }).reason).toBe(AccessReason.Admin);
  });
});

describe('decideEntitlement: when the answer next changes by the clock (changesAt)', () => {
  const iso = (date: Date) => date.toISOString();

  it('is null when only a write could change it: a free title, a purchase, an admin', () => {
    expect(decide({ title: freeTitle }).changesAt).toBeNull();
    expect(decide({ grants: [purchase()] }).changesAt).toBeNull();
    expect(decide({ viewer: admin }).changesAt).toBeNull();
  });

  it("is a rental's start-by date before its first play, and the end of its 48 hours after", () => {
    const unstarted = rental(ago(DAY));
    expect(decide({ grants: [unstarted] }).changesAt).toBe(iso(later(29 * DAY)));
    const started = rental(ago(DAY), ago(HOUR));
    expect(decide({ grants: [started] }).changesAt).toBe(iso(later(47 * HOUR)));
  });

  it("is the plan's end, a title's early access or licence end, whichever comes first; never a past date", () => {
    expect(decide({ plan: premium, planChangesAt: later(3 * DAY) }).changesAt).toBe(iso(later(3 * DAY)));
    const title = {
      ...premiumTitle,
      earlyAccessUntil: iso(later(2 * DAY)),
      availableUntil: iso(later(9 * DAY)),
    };
    expect(decide({ title, plan: premium, planChangesAt: later(3 * DAY) }).changesAt).toBe(
      iso(later(2 * DAY)),
    );
    expect(decide({ title: { ...title, earlyAccessUntil: iso(ago(DAY)) } }).changesAt).toBe(
      iso(later(9 * DAY)),
    );
  });

  it.each([
    ['an unstarted rental', { grants: [rental(ago(DAY))] }],
    ['a started rental', { grants: [rental(ago(DAY), ago(HOUR))] }],
    ['a plan running out', { plan: premium, planChangesAt: later(3 * DAY) }],
    ['early access', { title: { ...premiumTitle, earlyAccessUntil: iso(later(2 * DAY)) } }],
    ['a licence ending', { title: { ...premiumTitle, availableUntil: iso(later(9 * DAY)) } }],
  ] as const)('holds for %s up to the last moment before it, and the answer changes at it', (_, input) => {
    const first = decide(input);
    const changesAt = new Date(first.changesAt ?? '');
    const justBefore = decide({ ...input, now: new Date(changesAt.getTime() - 1) });
    expect(justBefore).toEqual(first);
    // The plan's end is the caller's (it passes the plan it finds then): here it is gone at that moment.
    const planGone = 'planChangesAt' in input ? { plan: null, planChangesAt: null } : {};
    expect(decide({ ...input, ...planGone, now: changesAt })).not.toEqual({
      ...first,
      changesAt: expect.anything(),
    });
  });
});
