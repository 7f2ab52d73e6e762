import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, type QueryFilter, type SortOrder, Types } from 'mongoose';
import type { PlanId } from '@app/contracts';
import { SubscriptionStatus } from '@app/contracts';
import { containsText, unlessDuplicate } from '@app/server-core';
import type { KnownEmail, PageFilter } from '../data/page-filter';
import { userCondition } from '../data/page-filter';
import { PromoState } from '../orders/order.schema';
import { type Prepaid, SubscriptionRecord } from './subscription.schema';

/** user.updated: the account's address, name and language, as payer records keep them. */
export type PersonOnRecord = Pick<SubscriptionRecord, 'language'> & { email: string; name: string };
export type StoredSubscription = SubscriptionRecord & { _id: Types.ObjectId; createdAt: Date };
export type NewSubscription = Pick<
  SubscriptionRecord,
  'userId' | 'idempotencyKey' | 'planId' | 'startAt' | 'replaces' | 'email' | 'name' | 'openFor' | 'trialFor'
> &
  Partial<Pick<SubscriptionRecord, 'trialEndsAt' | 'language' | 'promo'>>;
export type SubscriptionChanges = Partial<
  Pick<
    SubscriptionRecord,
    | 'status'
    | 'currentStart'
    | 'currentEnd'
    | 'chargeAt'
    | 'cancelAtCycleEnd'
    | 'authorised'
    | 'replacedBy'
    | 'liveSince'
  >
>;

/** The only code that touches the subscriptions collection. */
@Injectable()
export class SubscriptionsRepository {
  constructor(
    @InjectModel(SubscriptionRecord.name) private readonly subscriptions: Model<SubscriptionRecord>,
  ) {}

  /**
   * Claims the (user, idempotency key) pair and, for a new subscription (`openFor` set), the viewer's one open
   * subscription; null when either is taken.
   */
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
        liveSince: null,
        duplicateOf: null,
        trialEndsAt: sub.trialEndsAt ?? null,
        prepaid: null,
        ...(sub.promo ? { promoState: PromoState.Reserved } : {}),
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

  /** The account's free trial, if it ever started one. */
  findTrial(userId: string): Promise<StoredSubscription | null> {
    return this.subscriptions
      .findOne({ trialFor: { $eq: userId } })
      .lean<StoredSubscription>()
      .exec();
  }

  /** The viewer's open (awaiting Checkout, or live) new subscription, if any. */
  findOpen(userId: string): Promise<StoredSubscription | null> {
    return this.subscriptions
      .findOne({ openFor: { $eq: userId } })
      .lean<StoredSubscription>()
      .exec();
  }

  /**
   * Frees the viewer's open slot held by `id` when it is still what the caller saw: never paid (`unpaid`), or any
   * state (it ended or halted). The subscription itself is left as it is.
   */
  async releaseOpen(id: Types.ObjectId, { unpaid }: { unpaid: boolean }): Promise<boolean> {
    const result = await this.subscriptions
      .updateOne(
        {
          _id: id,
          openFor: { $type: 'string' },
          ...(unpaid ? { status: SubscriptionStatus.Created, authorised: false } : {}),
        },
        { $unset: { openFor: 1 } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /** Notes when it was first seen live, once (of two live at once, the later is the duplicate). */
  async markLive(razorpayId: string, at: Date): Promise<void> {
    await this.subscriptions
      .updateOne({ razorpayId: { $eq: razorpayId }, liveSince: null }, { $set: { liveSince: at } })
      .exec();
  }

  /** Marks a second live subscription of a viewer, once: true for the caller that marked it. */
  async markDuplicate(razorpayId: string, duplicateOf: string): Promise<boolean> {
    const result = await this.subscriptions
      .updateOne({ razorpayId: { $eq: razorpayId }, duplicateOf: null }, { $set: { duplicateOf } })
      .exec();
    return result.modifiedCount === 1;
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

  /** Its promo code moves `from` → `to`, once: answers whether this call moved it (as an order's does). */
  async movePromoState(id: Types.ObjectId, from: PromoState, to: PromoState): Promise<boolean> {
    const { modifiedCount } = await this.subscriptions
      .updateOne({ _id: id, promoState: { $eq: from } }, { $set: { promoState: to } })
      .exec();
    return modifiedCount === 1;
  }

  /** Issue 27: its upfront first period was charged. Idempotent: the first report's facts stay. */
  async markPrepaid(razorpayId: string, prepaid: Prepaid): Promise<void> {
    await this.subscriptions
      .updateOne({ razorpayId: { $eq: razorpayId }, prepaid: null }, { $set: { prepaid } })
      .exec();
  }

  /** Never authorised, still holding a promo code's claim, created before `before` (abandoned Checkouts). */
  abandonedWithPromo(before: Date, limit: number): Promise<StoredSubscription[]> {
    return this.subscriptions
      .find({
        status: SubscriptionStatus.Created,
        authorised: false,
        promoState: { $eq: PromoState.Reserved },
        createdAt: { $lt: before },
      })
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean<StoredSubscription[]>()
      .exec();
  }

  /** The subscriptions whose upfront first period used a promo code, newest first. */
  async redeemedWith(
    promoId: string,
    skip: number,
    limit: number,
  ): Promise<{ items: StoredSubscription[]; total: number }> {
    return this.pageOf(
      { 'promo.promoId': { $eq: promoId }, promoState: { $eq: PromoState.Redeemed } },
      { 'prepaid.paidAt': -1, _id: -1 },
      skip,
      limit,
    );
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

  /** Duplicates Razorpay has not cancelled yet (its cancel failed): the reconciler asks again. */
  duplicatesStillRunning(limit: number): Promise<StoredSubscription[]> {
    return this.subscriptions
      .find({
        duplicateOf: { $type: 'string' },
        status: { $nin: [SubscriptionStatus.Cancelled, SubscriptionStatus.Completed] },
      })
      .limit(limit)
      .lean<StoredSubscription[]>()
      .exec();
  }

  /** `planIds`: the plans whose name matched the console's title filter. */
  async page(
    filter: PageFilter<SubscriptionStatus> & { planIds?: PlanId[] },
    skip: number,
    limit: number,
  ): Promise<{ items: StoredSubscription[]; total: number }> {
    const query = {
      razorpayId: { $type: 'string' as const },
      ...userCondition(filter),
      ...(filter.status ? { status: { $eq: filter.status } } : {}),
      ...(filter.planIds ? { planId: { $in: filter.planIds } } : {}),
    };
    return this.pageOf(query, { createdAt: -1, _id: -1 }, skip, limit);
  }

  /** One page of the subscriptions `query` matches, in `sort` order, and how many it matches in all. */
  private async pageOf(
    query: QueryFilter<SubscriptionRecord>,
    sort: Record<string, SortOrder>,
    skip: number,
    limit: number,
  ): Promise<{ items: StoredSubscription[]; total: number }> {
    const [items, total] = await Promise.all([
      this.subscriptions.find(query).sort(sort).skip(skip).limit(limit).lean<StoredSubscription[]>().exec(),
      this.subscriptions.countDocuments(query).exec(),
    ]);
    return { items, total };
  }

  /** The latest email on each of these payers' subscriptions. */
  emailsOf(userIds: string[]): Promise<KnownEmail[]> {
    return this.subscriptions
      .find({ userId: { $in: userIds }, email: { $type: 'string' } }, { userId: 1, email: 1, _id: 0 })
      .sort({ createdAt: -1 })
      .lean<KnownEmail[]>()
      .exec();
  }

  /**
   * Live, authorised subscriptions that will charge in (from, to] and are not stopping: what a renewal reminder is
   * for (issue 27). A plan change's new subscription is one (it charges at its start); the one it replaces is not.
   */
  chargingBetween(from: Date, to: Date, limit: number): Promise<StoredSubscription[]> {
    return this.subscriptions
      .find({
        status: { $in: [SubscriptionStatus.Active, SubscriptionStatus.Authenticated] },
        authorised: true,
        cancelAtCycleEnd: false,
        duplicateOf: null,
        razorpayId: { $type: 'string' },
        chargeAt: { $gt: from, $lte: to },
      })
      .sort({ chargeAt: 1 })
      .limit(limit)
      .lean<StoredSubscription[]>()
      .exec();
  }

  /** Payers whose subscriptions carry an email containing `text` (the console's email filter). */
  async userIdsByEmail(text: string, limit: number): Promise<string[]> {
    const ids = await this.subscriptions.distinct('userId', { email: containsText(text) }).exec();
    return ids.slice(0, limit);
  }

  /** user.updated: renewal receipts go to the account's current email. */
  async updatePerson(userId: string, person: PersonOnRecord): Promise<void> {
    await this.subscriptions
      .updateMany({ userId: { $eq: userId }, email: { $type: 'string' } }, { $set: person })
      .exec();
  }

  /** user.deleted: the records stay; the email and name go and the user id becomes `marker`. Idempotent. */
  async forgetPerson(userId: string, marker: string): Promise<void> {
    // The account's one free trial stays spent, under the marker (its id named the person).
    await this.subscriptions.updateMany({ trialFor: { $eq: userId } }, { $set: { trialFor: marker } }).exec();
    await this.subscriptions
      .updateMany(
        { userId: { $eq: userId } },
        { $set: { userId: marker, email: null, name: null }, $unset: { openFor: 1 } },
      )
      .exec();
  }
}
