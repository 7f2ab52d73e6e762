import type { TitleOrderKind } from '@app/contracts';
import { GrantKind } from '../entitlements/grant.schema';
import type { RentalClockState } from '../entitlements/rental-clock';
import { isRentalActive, newRentalClock } from '../entitlements/rental-clock';

// Paid twice (issue 22): the rules that say which payment is the second one, shared by settlement (a new payment
// against the grants already held), the mismatch report and the admin's refund of a duplicate plan charge.

type TitleGrantFacts = { kind: GrantKind; rental: RentalClockState | null };

/** The grant that already gives what an order of `kind` would: a purchase covers both kinds, a running rental a rental. */
export const coveringGrant = <G extends TitleGrantFacts>(
  kind: TitleOrderKind,
  grants: G[],
  now: Date,
): G | null =>
  grants.find((grant) => grant.kind === GrantKind.Purchase) ??
  (kind === 'rental'
    ? grants.find(
        (grant) =>
          grant.kind === GrantKind.Rental && grant.rental !== null && isRentalActive(grant.rental, now),
      )
    : undefined) ??
  null;

/** What the report needs of a captured payment whose refund is not underway. */
export type PaymentFacts = {
  _id: string;
  userId: string;
  kind: GrantKind;
  movieId: string | null;
  subscriptionId: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  capturedAt: Date | null;
  createdAt: Date;
  /** Set when settlement already found it to be a second payment. */
  duplicateOf?: string | null;
};

export type DuplicateFinding = { paymentId: string; keptPaymentId: string | null };

const paidAt = (payment: PaymentFacts) => (payment.capturedAt ?? payment.createdAt).getTime();

const groupBy = <T>(items: T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
};

/**
 * A later payment for a title duplicates an earlier one when the earlier is a purchase, or both are rentals and
 * the earlier rental was still running when the later was paid (buying a title one rents is an upgrade, not a
 * duplicate; renting again after a rental ran out is not one either).
 */
const titleDuplicates = (
  payments: PaymentFacts[],
  rentalOf: (paymentId: string) => RentalClockState | null,
): DuplicateFinding[] => {
  const found: DuplicateFinding[] = [];
  const kept: PaymentFacts[] = [];
  for (const payment of [...payments].sort((a, b) => paidAt(a) - paidAt(b))) {
    const covering =
      kept.find((earlier) => earlier.kind === GrantKind.Purchase) ??
      (payment.kind === GrantKind.Rental
        ? kept.find(
            (earlier) =>
              earlier.kind === GrantKind.Rental &&
              isRentalActive(
                rentalOf(earlier._id) ?? newRentalClock(new Date(paidAt(earlier))),
                new Date(paidAt(payment)),
              ),
          )
        : undefined);
    if (covering) found.push({ paymentId: payment._id, keptPaymentId: covering._id });
    else kept.push(payment);
  }
  return found;
};

/**
 * A plan's charge duplicates another subscription's when their paid periods overlap: one viewer, two plans at
 * once. A plan change's new subscription starts where the old one's period ends, so it never overlaps.
 */
const planDuplicates = (payments: PaymentFacts[]): DuplicateFinding[] => {
  const found: DuplicateFinding[] = [];
  const kept: PaymentFacts[] = [];
  const start = (payment: PaymentFacts) => payment.periodStart?.getTime() ?? paidAt(payment);
  const end = (payment: PaymentFacts) => payment.periodEnd?.getTime() ?? start(payment);
  const ordered = [...payments].sort((a, b) => start(a) - start(b) || paidAt(a) - paidAt(b));
  for (const payment of ordered) {
    const overlapping = kept.find(
      (earlier) =>
        earlier.subscriptionId !== payment.subscriptionId &&
        start(earlier) < end(payment) &&
        start(payment) < end(earlier),
    );
    if (overlapping) found.push({ paymentId: payment._id, keptPaymentId: overlapping._id });
    else kept.push(payment);
  }
  return found;
};

/**
 * The second payments among `payments` (captured, no refund underway): those settlement already marked, and any
 * the rules above find (payments made before those rules, or whose automatic refund failed).
 */
export const findDuplicatePayments = (
  payments: PaymentFacts[],
  rentalOf: (paymentId: string) => RentalClockState | null,
): DuplicateFinding[] => {
  const marked = payments.filter((payment) => payment.duplicateOf);
  const rest = payments.filter((payment) => !payment.duplicateOf);
  const titles = rest.filter((payment) => payment.kind !== GrantKind.Subscription && payment.movieId);
  const plans = rest.filter((payment) => payment.kind === GrantKind.Subscription);
  return [
    ...marked.map((payment) => ({
      paymentId: payment._id,
      // A plan's duplicate names the subscription it duplicated, not a payment.
      keptPaymentId: payment.kind === GrantKind.Subscription ? null : (payment.duplicateOf ?? null),
    })),
    ...groupBy(titles, (payment) => `${payment.userId}:${payment.movieId}`).flatMap((group) =>
      titleDuplicates(group, rentalOf),
    ),
    ...groupBy(plans, (payment) => payment.userId).flatMap(planDuplicates),
  ];
};
