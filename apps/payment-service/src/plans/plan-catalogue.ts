import type { Plan } from '@app/contracts';
import { PlanId, Quality } from '@app/contracts';

type PlanFacts = Omit<Plan, 'amountPerMonthInr'>;

/** "Amount per month" on the profile: price / months, to the rupee (DECISIONS 1). */
export const amountPerMonth = (plan: Pick<Plan, 'priceInr' | 'months'>): number =>
  Math.round(plan.priceInr / plan.months);

/**
 * When one period of `plan` from `from` ends, to the second (as Razorpay's `start_at` states it), by the calendar
 * in UTC as Razorpay's cycles run: one month from 31 Jan is 3 Mar, as Date does it.
 */
export const periodEndFrom = (plan: Pick<Plan, 'months'>, from: Date): Date => {
  const end = new Date(Math.floor(from.getTime() / 1000) * 1000);
  end.setUTCMonth(end.getUTCMonth() + plan.months);
  return end;
};

const withMonthly = (plan: PlanFacts): Plan => ({ ...plan, amountPerMonthInr: amountPerMonth(plan) });

/**
 * The one plan catalogue (DECISIONS 1 and 26), seeded into the database at boot. The features are exactly what
 * the product does; offline download is not offered by a web app and is not listed.
 */
export const PLAN_CATALOGUE: readonly Plan[] = [
  withMonthly({
    id: PlanId.Basic,
    name: 'Basic',
    priceInr: 149,
    months: 1,
    quality: Quality.HD,
    screens: 1,
    premiumContent: false,
    earlyAccess: false,
    features: ['Free titles up to 720p', 'Premium titles: buy or rent', 'Watch on 1 screen at a time'],
  }),
  withMonthly({
    id: PlanId.Standard,
    name: 'Standard',
    priceInr: 499,
    months: 3,
    quality: Quality.FullHD,
    screens: 2,
    premiumContent: true,
    earlyAccess: false,
    features: [
      'Free titles up to 1080p',
      'Premium titles included, up to 1080p',
      'Watch on 2 screens at a time',
    ],
  }),
  withMonthly({
    id: PlanId.Premium,
    name: 'Premium',
    priceInr: 899,
    months: 6,
    quality: Quality.Best,
    screens: 4,
    premiumContent: true,
    earlyAccess: true,
    features: [
      'Free titles in the best quality available',
      'Premium titles included, in the best quality available',
      'Early access to new releases',
      'Watch on 4 screens at a time',
    ],
  }),
];

/** The most screens any plan allows: what an admin gets. */
export const MAX_SCREENS = Math.max(...PLAN_CATALOGUE.map((plan) => plan.screens));
