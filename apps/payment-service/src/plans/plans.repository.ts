import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import type { Plan, PlanId } from '@app/contracts';
import { PlanRecord } from './plan.schema';

export type StoredPlan = PlanRecord;

/** The only code that touches the plans collection. */
@Injectable()
export class PlansRepository {
  constructor(@InjectModel(PlanRecord.name) private readonly plans: Model<PlanRecord>) {}

  /** Waits for the collection and its indexes (the embedded server races a write against their creation). */
  async ready(): Promise<void> {
    await this.plans.init();
  }

  /** Idempotent: the catalogue's fields are (re)written, Razorpay plan ids already created are kept. */
  async upsertCatalogue(catalogue: readonly Plan[]): Promise<void> {
    await this.plans.bulkWrite(
      catalogue.map(({ id, amountPerMonthInr: _derived, ...facts }) => ({
        updateOne: {
          filter: { _id: id },
          update: { $set: facts, $setOnInsert: { razorpayPlanIds: {} } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  all(): Promise<StoredPlan[]> {
    return this.plans.find().lean<StoredPlan[]>().exec();
  }

  async razorpayPlanId(planId: PlanId, key: string): Promise<string | null> {
    const plan = await this.plans.findById(planId).lean<StoredPlan>().exec();
    return plan?.razorpayPlanIds?.[key] ?? null;
  }

  /**
   * Replaces a Razorpay plan id Razorpay no longer knows, unless another process replaced it first; returns the id
   * that is stored.
   */
  async replaceRazorpayPlanId(planId: PlanId, key: string, staleId: string, razorpayPlanId: string) {
    const field = `razorpayPlanIds.${key}`;
    await this.plans
      .updateOne({ _id: planId, [field]: staleId }, { $set: { [field]: razorpayPlanId } })
      .exec();
    return (await this.razorpayPlanId(planId, key)) ?? razorpayPlanId;
  }

  /** Stores `razorpayPlanId` unless another process stored one first; returns the id that is stored. */
  async keepRazorpayPlanId(planId: PlanId, key: string, razorpayPlanId: string): Promise<string> {
    const field = `razorpayPlanIds.${key}`;
    await this.plans
      .updateOne({ _id: planId, [field]: { $exists: false } }, { $set: { [field]: razorpayPlanId } })
      .exec();
    return (await this.razorpayPlanId(planId, key)) ?? razorpayPlanId;
  }
}
