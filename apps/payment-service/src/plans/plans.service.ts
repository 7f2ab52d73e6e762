import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Plan, PlanId } from '@app/contracts';
import { PaymentMessages } from '@app/contracts';
import { AppError } from '@app/server-core';
import { RazorpayClient, RazorpayRequestError } from '../razorpay/razorpay.client';
import { toPlan } from './plan.mapper';
import { PLAN_CATALOGUE } from './plan-catalogue';
import { PlansRepository } from './plans.repository';

/** Subscriptions run this many months in total before Razorpay completes them (about ten years). */
const SUBSCRIPTION_MONTHS = 120;

/**
 * The plan catalogue: seeded at boot (upsert by id), then served from memory (every entitlement answer reads
 * it). Razorpay plans are created on the first subscription to each and remembered.
 */
@Injectable()
export class PlansService implements OnApplicationBootstrap {
  private readonly logger = new Logger(PlansService.name);
  private plans: Plan[] = [...PLAN_CATALOGUE];

  constructor(
    private readonly repository: PlansRepository,
    private readonly razorpay: RazorpayClient,
  ) {}

  async onApplicationBootstrap() {
    await this.repository.ready();
    await this.repository.upsertCatalogue(PLAN_CATALOGUE);
    const stored = (await this.repository.all()).map(toPlan);
    const order = PLAN_CATALOGUE.map((plan) => plan.id);
    this.plans = stored.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  }

  list(): Plan[] {
    return this.plans;
  }

  find(planId: PlanId): Plan | undefined {
    return this.plans.find((plan) => plan.id === planId);
  }

  findOrFail(planId: PlanId): Plan {
    const plan = this.find(planId);
    if (!plan) throw AppError.notFound(PaymentMessages.createOrderFailed);
    return plan;
  }

  /** How many cycles a subscription to `plan` runs (Razorpay's `total_count`). */
  totalCount(plan: Plan): number {
    return Math.max(1, Math.floor(SUBSCRIPTION_MONTHS / plan.months));
  }

  /**
   * Runs `use` with the Razorpay plan for `plan`. When Razorpay answers that the stored plan id does not exist (a
   * plan deleted or archived there; the local stand-in restarted without its data), the plan is created again,
   * remembered in place of the old id, and `use` is retried once (issue 22, finding 7).
   */
  async withRazorpayPlan<T>(plan: Plan, use: (razorpayPlanId: string) => Promise<T>): Promise<T> {
    const razorpayPlanId = await this.razorpayPlanId(plan);
    try {
      return await use(razorpayPlanId);
    } catch (error) {
      if (!(error instanceof RazorpayRequestError && error.isUnknownId)) throw error;
      const fresh = await this.replaceRazorpayPlan(plan, razorpayPlanId);
      this.logger.warn({
        msg: 'razorpay does not know the stored plan id: created the plan again, retrying once',
        planId: plan.id,
        staleRazorpayPlanId: razorpayPlanId,
        razorpayPlanId: fresh,
      });
      return use(fresh);
    }
  }

  /** The Razorpay plan for `plan` under the configured key; created once and remembered (first writer wins). */
  async razorpayPlanId(plan: Plan): Promise<string> {
    const key = this.razorpayPlanKey(plan);
    const known = await this.repository.razorpayPlanId(plan.id, key);
    if (known) return known;
    const created = await this.createRazorpayPlan(plan);
    return this.repository.keepRazorpayPlanId(plan.id, key, created);
  }

  private async replaceRazorpayPlan(plan: Plan, staleId: string): Promise<string> {
    const created = await this.createRazorpayPlan(plan);
    return this.repository.replaceRazorpayPlanId(plan.id, this.razorpayPlanKey(plan), staleId, created);
  }

  private razorpayPlanKey(plan: Plan): string {
    return `${this.razorpay.keyId}_${plan.priceInr * 100}_${plan.months}`;
  }

  private async createRazorpayPlan(plan: Plan): Promise<string> {
    const created = await this.razorpay.createPlan({
      name: `Streamly ${plan.name}`,
      amountPaise: plan.priceInr * 100,
      months: plan.months,
      description: `${plan.name}: ₹${plan.priceInr} every ${plan.months === 1 ? 'month' : `${plan.months} months`}`,
    });
    return created.id;
  }
}
