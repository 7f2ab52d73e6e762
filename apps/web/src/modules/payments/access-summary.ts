import type { Entitlement, Movie } from '@app/contracts';
import type { TFunction } from 'i18next';
import { formatInr } from '@web/shared/i18n/format';
import { currentLocale } from '@web/shared/i18n/i18n';
import { rentalTime } from './rental-clock';

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

type T = TFunction<'payments'>;

const wayTexts = ({ planFrom, purchase, rental }: WaysIn, t: T): string[] => {
  const ways: string[] = [];
  if (planFrom !== null) ways.push(t('wayPlan', { price: formatInr(planFrom) }));
  if (purchase !== null) ways.push(t('wayBuy', { price: formatInr(purchase) }));
  if (rental !== null) ways.push(t('wayRent', { price: formatInr(rental) }));
  return ways;
};

/** "a, b or c" in the language shown ("a, b या c"). */
const listOf = (ways: string[]) => new Intl.ListFormat(currentLocale(), { type: 'disjunction' }).format(ways);

const rentalStatus = (entitlement: Entitlement, now: number, t: T): string => {
  if (!entitlement.rental) return t('rentalEnded');
  const time = rentalTime(entitlement.rental, now);
  switch (time.kind) {
    case 'to-start':
      return t('rentedDaysToStart', { count: time.days });
    case 'hours':
      return t('rentedHoursLeft', { hours: time.hours });
    case 'minutes':
      return t('rentedMinutesLeft', { count: time.minutes });
    case 'ended':
      return t('rentalEnded');
  }
};

const canWatchStatus = (entitlement: Entitlement, now: number, t: T): string => {
  switch (entitlement.reason) {
    case 'admin':
      return t('adminAccess');
    case 'plan':
      return t('includedIn', { plan: entitlement.plan?.name ?? '' });
    case 'purchase':
      return t('youOwnThis');
    case 'rental':
      return rentalStatus(entitlement, now, t);
    case 'free':
    case 'sign-in-required':
    case 'premium-required':
    case 'rental-expired':
    case 'licence-ended':
      return t('freeToWatch');
  }
};

/** The panel's reading of the entitlement answer at `now` (DECISIONS 6-8, 26, 27): never an error, always the ways in. */
export const summarizeAccess = (
  entitlement: Entitlement,
  signedIn: boolean,
  now: number,
  t: T,
): AccessSummary => {
  const ways = waysOf(entitlement);
  if (!signedIn || entitlement.reason === 'sign-in-required') {
    const offered = wayTexts(ways, t);
    return {
      kind: 'visitor',
      line:
        entitlement.access === 'free' || offered.length === 0
          ? t('signInFree')
          : t('signInLine', { ways: listOf(offered) }),
      ways,
    };
  }
  if (entitlement.canWatch) {
    const status = canWatchStatus(entitlement, now, t);
    // A rental that ran out while the page was open offers the ways in again.
    if (status !== t('rentalEnded')) return { kind: 'can-watch', status };
  }
  const offered = wayTexts(ways, t);
  return {
    kind: 'offer',
    status:
      entitlement.reason === 'rental-expired' || entitlement.reason === 'rental' ? t('rentalEnded') : null,
    line: offered.length
      ? t('premiumOffer', { ways: listOf(offered) })
      : entitlement.reason === 'licence-ended'
        ? t('licenceEnded')
        : t('noWayIn'),
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
    changesAt: null,
    waysIn: {
      plans: [],
      purchaseInr: premium || !signedIn ? movie.purchasePriceInr : null,
      rentalInr: premium || !signedIn ? movie.rentalPriceInr : null,
    },
  };
};
