import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { conditionalUpsert, unlessDuplicate } from '@app/server-core';
import {
  InsightsModels,
  type PlanChargeDoc,
  type RevenueBucketDoc,
  type SubscriberDoc,
  type SubscriptionDoc,
} from './insights.schemas';
import { ACTIVE_SUBSCRIPTION, PREPAID_STATUS } from './insights-rules';

export type RevenueCounters = Partial<Omit<RevenueBucketDoc, '_id'>>;

/** Whose subscription charge this is: the account's first (new), or a later one (a renewal). */
export type ChargeOrder = { first: true; replaced: Date | null } | { first: false; firstAt: Date };

/** Revenue's day buckets, subscribers, subscription states and plan charges: the only code touching them. */
@Injectable()
export class RevenueRepository {
  constructor(
    @InjectModel(InsightsModels.revenue) private readonly buckets: Model<RevenueBucketDoc>,
    @InjectModel(InsightsModels.subscriber) private readonly subscribers: Model<SubscriberDoc>,
    @InjectModel(InsightsModels.subscription) private readonly subscriptions: Model<SubscriptionDoc>,
    @InjectModel(InsightsModels.planCharge) private readonly charges: Model<PlanChargeDoc>,
  ) {}

  async add(day: string, counters: RevenueCounters): Promise<void> {
    const inc = Object.fromEntries(Object.entries(counters).filter(([, n]) => n !== 0));
    if (Object.keys(inc).length === 0) return;
    await this.buckets.updateOne({ _id: day }, { $inc: inc }, { upsert: true }).exec();
  }

  /**
   * Places a subscription charge at `at` among the account's: first (a new subscriber; `replaced` is the charge
   * that was thought first and is now a renewal, when this one arrived late) or not.
   */
  async orderCharge(userId: string, at: Date): Promise<ChargeOrder> {
    await this.subscribers.init();
    const inserted = await unlessDuplicate(
      this.subscribers.create({ _id: userId, firstAt: at }).then(() => true),
      false,
    );
    if (inserted) return { first: true, replaced: null };
    const before = await this.subscribers
      .findOneAndUpdate({ _id: userId, firstAt: { $gt: at } }, { $set: { firstAt: at } })
      .lean<SubscriberDoc>()
      .exec();
    if (before) return { first: true, replaced: before.firstAt };
    const stored = await this.subscribers.findById(userId).lean<SubscriberDoc>().exec();
    return { first: false, firstAt: stored?.firstAt ?? at };
  }

  /** Keeps the subscription's state of the latest event (an older one changes nothing). */
  setSubscription(state: SubscriptionDoc): Promise<boolean> {
    const { _id, at, ...fields } = state;
    return conditionalUpsert(this.subscriptions, { _id, at: { $lt: at } }, { $set: { ...fields, at } });
  }

  /**
   * Notes a first period paid upfront (a promo code's, issue 27) on its subscription. A subscription known by that
   * capture alone is `authenticated` (the capture is its authentication) until a state event, all of them later
   * than the epoch it is dated at, says otherwise.
   */
  markPaid({
    _id,
    userId,
    planId,
    paidUntil,
  }: Required<Omit<SubscriptionDoc, 'status' | 'at'>>): Promise<boolean> {
    return conditionalUpsert(
      this.subscriptions,
      { _id },
      {
        $max: { paidUntil },
        $setOnInsert: { userId, planId, status: PREPAID_STATUS, at: new Date(0) },
      },
    );
  }

  /** The plan's latest charge, kept when newer than the stored one. */
  setPlanCharge(planId: string, amountPaise: number, at: Date): Promise<boolean> {
    return conditionalUpsert(this.charges, { _id: planId, at: { $lt: at } }, { $set: { amountPaise, at } });
  }

  /** Forgets whose subscriptions and first charge these were (DPDP): the counts stay, anonymous. */
  async forgetAccount(userId: string): Promise<void> {
    await this.subscribers.deleteOne({ _id: userId }).exec();
    await this.subscriptions.updateMany({ userId }, { $set: { userId: '' } }).exec();
  }

  bucketsOf(days: string[]): Promise<RevenueBucketDoc[]> {
    return this.buckets
      .find({ _id: { $gte: days[0], $lte: days[days.length - 1] } })
      .lean<RevenueBucketDoc[]>()
      .exec();
  }

  /** Active subscriptions by plan (paid first periods included, unpaid trials not). */
  async activeByPlan(): Promise<Map<string, number>> {
    const rows = await this.subscriptions
      .aggregate<{ _id: string; n: number }>([
        { $match: ACTIVE_SUBSCRIPTION },
        { $group: { _id: '$planId', n: { $sum: 1 } } },
      ])
      .exec();
    return new Map(rows.map((row) => [row._id, row.n]));
  }

  async planCharges(): Promise<Map<string, number>> {
    const rows = await this.charges.find().lean<PlanChargeDoc[]>().exec();
    return new Map(rows.map((row) => [row._id, row.amountPaise]));
  }
}
