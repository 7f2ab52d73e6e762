import type { Entitlement, Movie } from '@app/contracts';
import { rentalTime } from './rental-clock';
import { paymentStrings as texts } from './strings';

export type TitleRef = Pick<Movie, 'id' | 'title' | 'description' | 'access' | 'mediaReady'> & {
  /** Null for a series, which comes with a plan only (issue 13). */
  purchasePriceInr: number | null;
  rentalPriceInr: number | null;
  /** Absent for a movie. */
  kind?: 'movie' | 'series';
};

/** What the panel offers: prices of the ways in the viewer does not have yet (null: not offered). */
export type WaysIn = { planFrom: number | null; purchase: number | null; rental: number | null };

export type AccessSummary =
  | { kind: 'visitor'; line: string; ways: WaysIn }
  | { kind: 'can-watch'; status: string }
  | { kind: 'offer'; status: string | null; line: string; ways: WaysIn };

const waysOf = (entitlement: Entitlement): WaysIn => {
  const { plans, purchaseInr, rentalInr } = entitlement.waysIn;
  return {
    planFrom: plans.length ? Math.min(...plans.map((plan) => plan.priceInr)) : null,
    // Nothing to buy once owned; nothing to rent once owned or rented.
    purchase: entitlement.reason === 'purchase' ? null : purchaseInr,
    rental: entitlement.reason === 'purchase' || entitlement.reason === 'rental' ? null : rentalInr,
  };
};

const wayTexts = ({ planFrom, purchase, rental }: WaysIn): string[] =>
  [
    planFrom !== null && texts.wayPlan(planFrom),
    purchase !== null && texts.wayBuy(purchase),
    rental !== null && texts.wayRent(rental),
  ].filter((way): way is string => way !== false);

const rentalStatus = (entitlement: Entitlement, now: number): string => {
  if (!entitlement.rental) return texts.rentalEnded;
  const time = rentalTime(entitlement.rental, now);
  switch (time.kind) {
    case 'to-start':
      return texts.rentedDaysToStart(time.days);
    case 'hours':
      return texts.rentedHoursLeft(time.hours);
    case 'minutes':
      return texts.rentedMinutesLeft(time.minutes);
    case 'ended':
      return texts.rentalEnded;
  }
};

const canWatchStatus = (entitlement: Entitlement, now: number): string => {
  switch (entitlement.reason) {
    case 'admin':
      return texts.adminAccess;
    case 'plan':
      return texts.includedIn(entitlement.plan?.name ?? '');
    case 'purchase':
      return texts.youOwnThis;
    case 'rental':
      return rentalStatus(entitlement, now);
    case 'free':
    case 'sign-in-required':
    case 'premium-required':
    case 'rental-expired':
    case 'licence-ended':
      return texts.freeToWatch;
  }
};

/** The panel's reading of the entitlement answer at `now` (DECISIONS 6-8, 26, 27): never an error, always the ways in. */
export const summarizeAccess = (entitlement: Entitlement, signedIn: boolean, now: number): AccessSummary => {
  const ways = waysOf(entitlement);
  if (!signedIn || entitlement.reason === 'sign-in-required') {
    const offered = wayTexts(ways);
    return {
      kind: 'visitor',
      line:
        entitlement.access === 'free' || offered.length === 0 ? texts.signInFree : texts.signInLine(offered),
      ways,
    };
  }
  if (entitlement.canWatch) {
    const status = canWatchStatus(entitlement, now);
    // A rental that ran out while the page was open offers the ways in again.
    if (status !== texts.rentalEnded) return { kind: 'can-watch', status };
  }
  const offered = wayTexts(ways);
  return {
    kind: 'offer',
    status:
      entitlement.reason === 'rental-expired' || entitlement.reason === 'rental' ? texts.rentalEnded : null,
    line: offered.length
      ? texts.premiumOffer(offered)
      : entitlement.reason === 'licence-ended'
        ? texts.licenceEnded
        : texts.noWayIn,
    ways: {
      ...ways,
      rental: ways.rental ?? (entitlement.reason === 'rental' ? entitlement.waysIn.rentalInr : null),
    },
  };
};

/**
 * What the panel shows while the server cannot answer: the title's own facts and prices, so the ways in stay
 * on screen (DECISIONS 8: never an error where a way in exists).
 */
export const fallbackEntitlement = (movie: TitleRef, signedIn: boolean): Entitlement => {
  const premium = movie.access === 'premium';
  return {
    movieId: movie.id,
    access: movie.access,
    canWatch: signedIn && !premium,
    reason: !signedIn ? 'sign-in-required' : premium ? 'premium-required' : 'free',
    quality: '480p',
    screens: 1,
    plan: null,
    purchasedAt: null,
    rental: null,
    waysIn: {
      plans: [],
      purchaseInr: premium || !signedIn ? movie.purchasePriceInr : null,
      rentalInr: premium || !signedIn ? movie.rentalPriceInr : null,
    },
  };
};
