import type { PlanId } from '@app/contracts';
import { PENDING_GRACE_DAYS, SubscriptionStatus } from '@app/contracts';
import type { RazorpaySubscription } from '../razorpay/razorpay-entities';
import { fromUnix } from '../razorpay/razorpay-entities';

const DAY_MS = 24 * 3_600_000;

/** What the rules need of a stored subscription. */
export type SubscriptionFacts = {
  razorpayId?: string | null;
  planId: PlanId;
  status: SubscriptionStatus;
  currentStart: Date | null;
  currentEnd: Date | null;
  cancelAtCycleEnd: boolean;
  authorised: boolean;
  replaces: string | null;
  replacedBy: string | null;
  /** Set on a second live subscription of its viewer (issue 22): it gives nothing and is cancelled. */
  duplicateOf?: string | null;
  /** Issue 27: a free trial's end: access until then once authorised (also when cancelled during the trial). */
  trialEndsAt?: Date | null;
  /** Issue 27: an upfront first period (a promo code's), once charged: access until its end. */
  prepaid?: { until: Date } | null;
};

/** What access is computed from: the period, and a trial's end with whether its mandate was authorised. */
type AccessFacts = Pick<SubscriptionFacts, 'status' | 'currentStart' | 'currentEnd'> &
  Partial<Pick<SubscriptionFacts, 'trialEndsAt' | 'authorised' | 'prepaid'>>;

/** The state Razorpay reports, in our terms. */
export type RemoteSubscriptionState = {
  status: SubscriptionStatus;
  currentStart: Date | null;
  currentEnd: Date | null;
  chargeAt: Date | null;
};

const TERMINAL: ReadonlySet<SubscriptionStatus> = new Set([
  SubscriptionStatus.Cancelled,
  SubscriptionStatus.Completed,
]);

export const isTerminal = (status: SubscriptionStatus): boolean => TERMINAL.has(status);

/** Within one period, how far along a subscription is: a later event never moves it back. */
const RANK: Record<SubscriptionStatus, number> = {
  [SubscriptionStatus.Created]: 0,
  [SubscriptionStatus.Authenticated]: 1,
  [SubscriptionStatus.Active]: 2,
  [SubscriptionStatus.Pending]: 3,
  [SubscriptionStatus.Halted]: 4,
  [SubscriptionStatus.Cancelled]: 5,
  [SubscriptionStatus.Completed]: 5,
};

export const remoteState = (entity: RazorpaySubscription): RemoteSubscriptionState => ({
  // `expired`: never authenticated before its expiry; for us it is as good as cancelled.
  status: entity.status === 'expired' ? SubscriptionStatus.Cancelled : entity.status,
  currentStart: fromUnix(entity.current_start),
  currentEnd: fromUnix(entity.current_end),
  chargeAt: fromUnix(entity.charge_at),
});

/**
 * Whether Razorpay's report (from a webhook, a fetch, a late or reordered event) is news: a later period always
 * is; within the same period only a state at least as far along; a cancelled or completed subscription stays so.
 */
export const isNewer = (
  stored: Pick<SubscriptionFacts, 'status' | 'currentEnd'>,
  incoming: Pick<RemoteSubscriptionState, 'status' | 'currentEnd'>,
): boolean => {
  if (isTerminal(stored.status) && !isTerminal(incoming.status)) return false;
  const storedEnd = stored.currentEnd?.getTime() ?? -1;
  const incomingEnd = incoming.currentEnd?.getTime() ?? -1;
  if (incomingEnd !== storedEnd) return incomingEnd > storedEnd;
  return RANK[incoming.status] > RANK[stored.status];
};

/**
 * Until when a subscription gives access: its paid period's end; `pending` (Razorpay retrying the renewal)
 * keeps PENDING_GRACE_DAYS more; halted, cancelled and completed end at the period's end.
 */
const paidUntil = (sub: AccessFacts): Date | null => {
  if (!sub.currentStart || !sub.currentEnd) return null;
  switch (sub.status) {
    case SubscriptionStatus.Created:
      return null;
    case SubscriptionStatus.Pending:
      return new Date(sub.currentEnd.getTime() + PENDING_GRACE_DAYS * DAY_MS);
    case SubscriptionStatus.Authenticated:
    case SubscriptionStatus.Active:
    case SubscriptionStatus.Halted:
    case SubscriptionStatus.Cancelled:
    case SubscriptionStatus.Completed:
      return sub.currentEnd;
  }
};

/** A trial gives access to its end once authorised (Razorpay said authenticated), whatever came after but halted. */
const trialUntil = (sub: AccessFacts): Date | null =>
  sub.trialEndsAt &&
  sub.authorised &&
  sub.status !== SubscriptionStatus.Created &&
  sub.status !== SubscriptionStatus.Halted
    ? sub.trialEndsAt
    : null;

/** The latest of the paid period's end, the trial's end and an upfront period's end (paid: whatever came after). */
export const accessUntil = (sub: AccessFacts): Date | null => {
  const ends = [paidUntil(sub), trialUntil(sub), sub.prepaid?.until ?? null].filter(
    (end): end is Date => end !== null,
  );
  return ends.length ? new Date(Math.max(...ends.map((end) => end.getTime()))) : null;
};

/**
 * Whether the subscription gives access at `now`: it was paid for at least once and its access has not run out.
 * The start of the period is not checked: Razorpay reports a renewal's period only once it is charged, and a plan
 * change's new subscription has no period at all until it takes over (its first charge).
 */
export const givesAccess = (sub: AccessFacts, now: Date): boolean => {
  const until = accessUntil(sub);
  return until !== null && now < until;
};

/**
 * The first moment after `now` at which one of `subs` stops giving access by the clock alone (its `accessUntil`):
 * until then `givesAccess` and `pickCurrent` answer as they do at `now`, the rest of what they read changing only
 * with a write. Null when none ends after `now`.
 */
export const nextAccessChange = (subs: readonly AccessFacts[], now: Date): Date | null =>
  earliestAfter(subs.map(accessUntil), now);

/** The earliest of `dates` after `now`, or null. */
export const earliestAfter = (dates: ReadonlyArray<Date | null | undefined>, now: Date): Date | null => {
  let earliest: Date | null = null;
  for (const date of dates)
    if (date && date.getTime() > now.getTime() && (!earliest || date.getTime() < earliest.getTime()))
      earliest = date;
  return earliest;
};

/**
 * The viewer's one current subscription: among those giving access, the one no other live subscription replaced
 * (a plan change takes over once its new subscription is charged), the newest if several; else the newest
 * authorised one still waiting for its first charge that is not a scheduled change; else null.
 */
export const pickCurrent = <S extends SubscriptionFacts & { createdAt?: Date }>(
  subs: S[],
  now: Date,
): S | null => {
  const newestFirst = subs
    .filter((sub) => !sub.duplicateOf)
    .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));
  const live = newestFirst.filter((sub) => givesAccess(sub, now));
  const liveIds = new Set(live.map((sub) => sub.razorpayId));
  const current = live.find((sub) => !(sub.replacedBy && liveIds.has(sub.replacedBy)));
  if (current) return current;
  return (
    newestFirst.find(
      (sub) =>
        sub.authorised &&
        !sub.replaces &&
        (sub.status === SubscriptionStatus.Authenticated || sub.status === SubscriptionStatus.Active),
    ) ?? null
  );
};

/** The plan change waiting for `current`'s period end (DECISIONS 28), once authorised and until it takes over. */
export const pickScheduledChange = <S extends SubscriptionFacts>(subs: S[], current: S): S | null =>
  subs.find(
    (sub) =>
      sub !== current &&
      sub.authorised &&
      sub.replaces !== null &&
      sub.replaces === current.razorpayId &&
      !isTerminal(sub.status),
  ) ?? null;

const LIVE: ReadonlySet<SubscriptionStatus> = new Set([
  SubscriptionStatus.Authenticated,
  SubscriptionStatus.Active,
  SubscriptionStatus.Pending,
]);

export const isLiveStatus = (status: SubscriptionStatus): boolean => LIVE.has(status);

/**
 * Whether it is one of the viewer's plans for the one-live-plan rule: authorised and running (or about to be
 * charged). A plan change still waiting for its start, the old plan a change replaces (DECISIONS 28) and a
 * duplicate already found do not count.
 */
export const countsAsLive = (sub: SubscriptionFacts): boolean =>
  !sub.duplicateOf &&
  !sub.replacedBy &&
  isLiveStatus(sub.status) &&
  !(sub.replaces && sub.status === SubscriptionStatus.Authenticated);

/**
 * One live subscription per viewer (issue 22): of several live at once, the one live first stays (one from before
 * the rule, never seen going live, by when its record was made) and every other is a duplicate.
 */
export const pickDuplicates = <S extends SubscriptionFacts & { liveSince?: Date | null; createdAt?: Date }>(
  subs: S[],
): { keeper: S; duplicates: S[] } | null => {
  const time = (date: Date | null | undefined) => date?.getTime() ?? 0;
  // The old plan of a change (DECISIONS 28) runs beside its successor until the switch: never a duplicate of it.
  const replaced = new Set(
    subs
      .filter((sub) => sub.replaces && sub.authorised && !isTerminal(sub.status))
      .map((sub) => sub.replaces),
  );
  const live = subs
    .filter((sub) => countsAsLive(sub) && !replaced.has(sub.razorpayId ?? null))
    .sort(
      (a, b) =>
        time(a.liveSince ?? a.createdAt) - time(b.liveSince ?? b.createdAt) ||
        time(a.createdAt) - time(b.createdAt) ||
        (a.razorpayId ?? '').localeCompare(b.razorpayId ?? ''),
    );
  return live.length > 1 ? { keeper: live[0], duplicates: live.slice(1) } : null;
};
