import type { Plan, SubscriptionView } from '@app/contracts';
import { SubscriptionStatus } from '@app/contracts';
import { amountPerMonth } from '../plans/plan-catalogue';
import type { SubscriptionFacts } from './subscription-state';
import { accessUntil } from './subscription-state';

type ViewFacts = SubscriptionFacts & { chargeAt: Date | null };

/** Renewal is off: the subscription ends at its period's end ("Active until {date}"). */
const endsAtPeriodEnd = (sub: ViewFacts): boolean =>
  sub.cancelAtCycleEnd ||
  sub.status === SubscriptionStatus.Halted ||
  sub.status === SubscriptionStatus.Cancelled ||
  sub.status === SubscriptionStatus.Completed;

export const toSubscriptionView = (
  sub: ViewFacts,
  plan: Plan,
  scheduled: { sub: ViewFacts; plan: Plan } | null,
): SubscriptionView => {
  const ending = endsAtPeriodEnd(sub);
  return {
    planId: plan.id,
    planName: plan.name,
    amountInr: plan.priceInr,
    amountPerMonthInr: amountPerMonth(plan),
    status: sub.status,
    currentStart: sub.currentStart?.toISOString() ?? null,
    currentEnd: sub.currentEnd?.toISOString() ?? null,
    nextBilling: ending ? null : ((sub.chargeAt ?? sub.currentEnd)?.toISOString() ?? null),
    activeUntil: ending ? (accessUntil(sub)?.toISOString() ?? null) : null,
    scheduledChange:
      scheduled && sub.currentEnd
        ? { planId: scheduled.plan.id, planName: scheduled.plan.name, startsAt: sub.currentEnd.toISOString() }
        : null,
    trialEndsAt: sub.trialEndsAt?.toISOString() ?? null,
  };
};
