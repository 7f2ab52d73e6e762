import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { SubscriptionStatus } from '@app/contracts';
import { unlessDuplicate } from '@app/server-core';
import type { PageFilter } from '../orders/orders.repository';
import { SubscriptionRecord } from './subscription.schema';

export type StoredSubscription = SubscriptionRecord & { _id: Types.ObjectId; createdAt: Date };
export type NewSubscription = Pick<
  SubscriptionRecord,
  'userId' | 'idempotencyKey' | 'planId' | 'startAt' | 'replaces' | 'email' | 'name'
>;
export type SubscriptionChanges = Partial<
  Pick<
    SubscriptionRecord,
    'status' | 'currentStart' | 'currentEnd' | 'chargeAt' | 'cancelAtCycleEnd' | 'authorised' | 'replacedBy'
  >
>;

/** The only code that touches the subscriptions collection. */
@Injectable()
export class SubscriptionsRepository {
  constructor(
    @InjectModel(SubscriptionRecord.name) private readonly subscriptions: Model<SubscriptionRecord>,
  ) {}

  /** Claims the (user, idempotency key) pair; null when that key already made a subscription. */
  async create(sub: NewSubscription): Promise<StoredSubscription | null> {
    const created = await unlessDuplicate(
      this.subscriptions.create({
        ...sub,
        status: SubscriptionStatus.Created,
        currentStart: null,
        currentEnd: null,
        chargeAt: null,
        cancelAtCycleEnd: false,
        authorised: false,
        replacedBy: null,
      }),
      null,
    );
    return created && created.toObject<StoredSubscription>();
  }

  findByKey(userId: string, idempotencyKey: string): Promise<StoredSubscription | null> {
    return this.subscriptions
      .findOne({ userId: { $eq: userId }, idempotencyKey: { $eq: idempotencyKey } })
      .lean<StoredSubscription>()
      .exec();
  }

  findByRazorpayId(razorpayId: string): Promise<StoredSubscription | null> {
    return this.subscriptions
      .findOne({ razorpayId: { $eq: razorpayId } })
      .lean<StoredSubscription>()
      .exec();
  }

  /** Stores the Razorpay id unless one is stored already (first writer wins); answers the record as it now is. */
  async attachRazorpayId(id: Types.ObjectId, razorpayId: string): Promise<StoredSubscription | null> {
    await unlessDuplicate(
      this.subscriptions.updateOne({ _id: id, razorpayId: null }, { $set: { razorpayId } }).exec(),
      null,
    );
    return this.subscriptions.findById(id).lean<StoredSubscription>().exec();
  }

  ofUser(userId: string): Promise<StoredSubscription[]> {
    return this.subscriptions
      .find({ userId: { $eq: userId }, razorpayId: { $type: 'string' } })
      .sort({ createdAt: -1 })
      .lean<StoredSubscription[]>()
      .exec();
  }

  /**
   * Compare-and-set on the state last read (status and period end): a concurrent writer that moved it first makes
   * this answer false, and the caller re-reads and decides again. No transaction needed.
   */
  async updateIfUnchanged(
    seen: Pick<StoredSubscription, '_id' | 'status' | 'currentEnd'>,
    changes: SubscriptionChanges,
  ): Promise<boolean> {
    const result = await this.subscriptions
      .updateOne({ _id: seen._id, status: seen.status, currentEnd: seen.currentEnd }, { $set: changes })
      .exec();
    return result.matchedCount === 1;
  }

  /** Flags that only ever go one way (authorised, cancel at cycle end, replaced by): a plain idempotent set. */
  async setFlags(
    razorpayId: string,
    flags: Partial<Pick<SubscriptionRecord, 'authorised' | 'cancelAtCycleEnd' | 'replacedBy'>>,
  ): Promise<void> {
    await this.subscriptions.updateOne({ razorpayId: { $eq: razorpayId } }, { $set: flags }).exec();
  }

  /** Claims the cancellation of a subscription's renewal; false when someone already did. */
  async claimCancel(razorpayId: string): Promise<boolean> {
    const result = await this.subscriptions
      .updateOne(
        { razorpayId: { $eq: razorpayId }, cancelAtCycleEnd: false },
        { $set: { cancelAtCycleEnd: true } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /**
   * Subscriptions whose news may never have come: not yet active (created in the last `createdSince`, or
   * authenticated), or active past their period end (a renewal webhook missed).
   */
  unsettled(olderThan: Date, createdSince: Date, now: Date, limit: number): Promise<StoredSubscription[]> {
    return this.subscriptions
      .find({
        razorpayId: { $type: 'string' },
        $or: [
          { status: SubscriptionStatus.Created, createdAt: { $lt: olderThan, $gt: createdSince } },
          { status: SubscriptionStatus.Authenticated, createdAt: { $lt: olderThan } },
          {
            status: { $in: [SubscriptionStatus.Active, SubscriptionStatus.Pending] },
            currentEnd: { $lt: now },
          },
        ],
      })
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean<StoredSubscription[]>()
      .exec();
  }

  async page(
    filter: PageFilter<SubscriptionStatus>,
    skip: number,
    limit: number,
  ): Promise<{ items: StoredSubscription[]; total: number }> {
    const query = {
      razorpayId: { $type: 'string' as const },
      ...(filter.userId ? { userId: { $eq: filter.userId } } : {}),
      ...(filter.status ? { status: { $eq: filter.status } } : {}),
    };
    const [items, total] = await Promise.all([
      this.subscriptions
        .find(query)
        .sort({ createdAt: -1, _id: -1 })
        .skip(skip)
        .limit(limit)
        .lean<StoredSubscription[]>()
        .exec(),
      this.subscriptions.countDocuments(query).exec(),
    ]);
    return { items, total };
  }

  /** user.deleted: the records stay; the email and name go and the user id becomes `marker`. Idempotent. */
  async forgetPerson(userId: string, marker: string): Promise<void> {
    await this.subscriptions
      .updateMany({ userId: { $eq: userId } }, { $set: { userId: marker, email: null, name: null } })
      .exec();
  }
}
