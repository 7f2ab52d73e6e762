import type { Entitlement, Plan, TitleFacts } from '@app/contracts';
import {
  AccessReason,
  betterQuality,
  MovieAccess,
  NO_PLAN_QUALITY,
  NO_PLAN_SCREENS,
  OWNED_TITLE_QUALITY,
  Quality,
} from '@app/contracts';
import { earliestAfter } from '../subscriptions/subscription-state';
import type { RentalClockState } from './rental-clock';
import { isRentalActive, toRentalClock } from './rental-clock';

/** A purchase or rental of the title, still in force (refunded grants are left out by the caller). */
export type TitleGrant =
  { kind: 'purchase'; grantedAt: Date } | { kind: 'rental'; grantedAt: Date; rental: RentalClockState };

export type EntitlementInput = {
  viewer: { userId: string; isAdmin: boolean } | null;
  title: TitleFacts;
  /** The plan the viewer's current subscription gives now (null: none, or it ran out). */
  plan: Plan | null;
  /** When a subscription of the viewer next stops giving access by the clock (`nextAccessChange`), if ever. */
  planChangesAt: Date | null;
  /** The whole catalogue: the ways in are drawn from it. */
  plans: readonly Plan[];
  grants: readonly TitleGrant[];
  now: Date;
  /** What an admin may use at once: the most any plan allows. */
  adminScreens: number;
};

const NO_WAY_IN: Entitlement['waysIn'] = { plans: [], purchaseInr: null, rentalInr: null };

const planOffer = (plan: Plan) => ({ id: plan.id, name: plan.name, priceInr: plan.priceInr });
const byPrice = (a: Plan, b: Plan) => a.priceInr - b.priceInr;

/**
 * The one answer to "can this viewer watch this title, why, how well, on how many screens, and how do they get in"
 * (DECISIONS 6, 7, 26, 27). Pure: everything it needs is passed in, so every rule is unit-tested here and the
 * web app, the gateway and the streaming side all get the same answer.
 */
export const decideEntitlement = ({
  viewer,
  title,
  plan,
  planChangesAt,
  plans,
  grants,
  now,
  adminScreens,
}: EntitlementInput): Entitlement => {
  // A series comes with a plan only (issue 13): no purchase or rental of it exists, and none is counted.
  const isSeries = title.kind === 'series';
  const titleGrants = isSeries ? [] : grants;
  const purchase = titleGrants
    .filter((grant) => grant.kind === 'purchase')
    .sort((a, b) => a.grantedAt.getTime() - b.grantedAt.getTime())[0];
  const rentals = titleGrants
    .flatMap((grant) => (grant.kind === 'rental' ? [grant.rental] : []))
    .sort((a, b) => b.rentedAt.getTime() - a.rentedAt.getTime());
  const activeRental = rentals.find((clock) => isRentalActive(clock, now));
  const shownRental = activeRental ?? rentals[0];

  // Every comparison below is of `now` with one of these dates: between two of them the answer stays the same.
  const changesAt = earliestAfter(
    [
      planChangesAt,
      ...[title.earlyAccessUntil, title.availableUntil].map((date) => (date ? new Date(date) : null)),
      ...rentals.flatMap((clock) => [clock.startBy, clock.expiresAt]),
    ],
    now,
  );
  const base = {
    movieId: title.movieId,
    access: title.access,
    plan: plan ? { id: plan.id, name: plan.name } : null,
    purchasedAt: purchase ? purchase.grantedAt.toISOString() : null,
    rental: shownRental ? toRentalClock(shownRental) : null,
    changesAt: changesAt?.toISOString() ?? null,
  };
  const allow = (reason: AccessReason, quality: Quality, screens: number): Entitlement => ({
    ...base,
    canWatch: true,
    reason,
    quality,
    screens,
    waysIn: NO_WAY_IN,
  });
  const refuse = (reason: AccessReason, waysIn: Entitlement['waysIn']): Entitlement => ({
    ...base,
    canWatch: false,
    reason,
    quality: NO_PLAN_QUALITY,
    screens: 0,
    waysIn,
  });

  const earlyAccess = Boolean(
    title.earlyAccessUntil && new Date(title.earlyAccessUntil).getTime() > now.getTime(),
  );
  // During early access only plans with early access let anyone in: no purchase or rental (DECISIONS 26).
  const premiumWaysIn: Entitlement['waysIn'] = earlyAccess
    ? {
        plans: plans
          .filter((p) => p.earlyAccess)
          .sort(byPrice)
          .map(planOffer),
        purchaseInr: null,
        rentalInr: null,
      }
    : {
        plans: plans
          .filter((p) => p.premiumContent)
          .sort(byPrice)
          .map(planOffer),
        purchaseInr: isSeries ? null : title.purchasePriceInr,
        rentalInr: isSeries ? null : title.rentalPriceInr,
      };

  if (!viewer) {
    // A free title needs only a sign-in; a premium one also a plan, a purchase or a rental.
    return refuse(
      AccessReason.SignInRequired,
      title.access === MovieAccess.Free && !earlyAccess ? NO_WAY_IN : premiumWaysIn,
    );
  }
  if (viewer.isAdmin) return allow(AccessReason.Admin, Quality.Best, adminScreens);

  // Premium: a purchase or rental plays up to 1080p on one screen, or at the plan's better quality and screens.
  const ownedQuality = betterQuality(OWNED_TITLE_QUALITY, plan?.quality ?? NO_PLAN_QUALITY);
  const ownedScreens = Math.max(NO_PLAN_SCREENS, plan?.screens ?? NO_PLAN_SCREENS);

  // The licence ended (issue 28, DECISIONS 41): buyers keep the title and a rental runs to its end; nothing else
  // plays it, and nothing is offered.
  if (title.availableUntil && new Date(title.availableUntil).getTime() <= now.getTime()) {
    if (purchase) return allow(AccessReason.Purchase, ownedQuality, ownedScreens);
    if (activeRental) return allow(AccessReason.Rental, ownedQuality, ownedScreens);
    return refuse(AccessReason.LicenceEnded, NO_WAY_IN);
  }

  if (earlyAccess) {
    return plan?.earlyAccess
      ? allow(AccessReason.Plan, plan.quality, plan.screens)
      : refuse(AccessReason.PremiumRequired, premiumWaysIn);
  }

  if (title.access === MovieAccess.Free) {
    return allow(AccessReason.Free, plan?.quality ?? NO_PLAN_QUALITY, plan?.screens ?? NO_PLAN_SCREENS);
  }

  // Premium: a plan with premium content; for a movie also a purchase or rental.
  const owned = Boolean(purchase ?? activeRental);
  if (plan?.premiumContent) {
    return allow(
      AccessReason.Plan,
      owned ? betterQuality(plan.quality, ownedQuality) : plan.quality,
      plan.screens,
    );
  }
  if (purchase) return allow(AccessReason.Purchase, ownedQuality, ownedScreens);
  if (activeRental) return allow(AccessReason.Rental, ownedQuality, ownedScreens);
  return refuse(
    rentals.length > 0 ? AccessReason.RentalExpired : AccessReason.PremiumRequired,
    premiumWaysIn,
  );
};
