import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, QueryFilter, Types } from 'mongoose';
import { OrderStatus } from '@app/contracts';
import { containsText, unlessDuplicate } from '@app/server-core';
import type { KnownEmail, PageFilter } from '../data/page-filter';
import { userCondition } from '../data/page-filter';
import type { PersonOnRecord } from '../subscriptions/subscriptions.repository';
import { OrderRecord, PromoState } from './order.schema';

export type StoredOrder = OrderRecord & { _id: Types.ObjectId; createdAt: Date };
export type NewOrder = Omit<
  OrderRecord,
  'razorpayOrderId' | 'openFor' | 'status' | 'paymentId' | 'paidAt' | 'createdAt' | 'updatedAt' | 'promoState'
>;

/** One unpaid order per viewer and title (issue 22): the `openFor` key. */
export const openOrderKey = (userId: string, movieId: string) => `${userId}:${movieId}`;

/** The only code that touches the orders collection. */
@Injectable()
export class OrdersRepository {
  constructor(@InjectModel(OrderRecord.name) private readonly orders: Model<OrderRecord>) {}

  /**
   * Claims the (user, idempotency key) pair and the viewer's one open order of the title; null when either is
   * taken (a double click, or another tab's unpaid order of the same title).
   */
  async create(order: NewOrder): Promise<StoredOrder | null> {
    const created = await unlessDuplicate(
      this.orders.create({
        ...order,
        openFor: openOrderKey(order.userId, order.movieId),
        ...(order.promo ? { promoState: PromoState.Reserved } : {}),
        status: OrderStatus.Created,
        paymentId: null,
        paidAt: null,
      }),
      null,
    );
    return created && created.toObject<StoredOrder>();
  }

  findByKey(userId: string, idempotencyKey: string): Promise<StoredOrder | null> {
    return this.orders
      .findOne({ userId: { $eq: userId }, idempotencyKey: { $eq: idempotencyKey } })
      .lean<StoredOrder>()
      .exec();
  }

  /** The viewer's unpaid order of this title, if any. */
  findOpen(userId: string, movieId: string): Promise<StoredOrder | null> {
    return this.orders
      .findOne({ openFor: { $eq: openOrderKey(userId, movieId) } })
      .lean<StoredOrder>()
      .exec();
  }

  /**
   * Frees the viewer's open slot for this title held by `id` (an unpaid order of the other kind or an old price),
   * so a new order can take it; the order itself stays payable and is settled like any other if it is paid.
   */
  async releaseOpen(id: Types.ObjectId): Promise<boolean> {
    const result = await this.orders
      .updateOne(
        { _id: id, openFor: { $type: 'string' }, status: { $ne: OrderStatus.Paid } },
        { $unset: { openFor: 1 } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  findByRazorpayId(razorpayOrderId: string): Promise<StoredOrder | null> {
    return this.orders
      .findOne({ razorpayOrderId: { $eq: razorpayOrderId } })
      .lean<StoredOrder>()
      .exec();
  }

  /** Stores the Razorpay order id unless one is stored already (null matches absent and old nulls); answers the order as it now is. */
  async attachRazorpayOrder(id: Types.ObjectId, razorpayOrderId: string): Promise<StoredOrder | null> {
    await unlessDuplicate(
      this.orders.updateOne({ _id: id, razorpayOrderId: null }, { $set: { razorpayOrderId } }).exec(),
      null,
    );
    return this.orders.findById(id).lean<StoredOrder>().exec();
  }

  /** created → attempted (a payment was tried); never touches a paid order. */
  async markAttempted(razorpayOrderId: string): Promise<void> {
    await this.orders
      .updateOne(
        { razorpayOrderId: { $eq: razorpayOrderId }, status: OrderStatus.Created },
        { $set: { status: OrderStatus.Attempted } },
      )
      .exec();
  }

  /**
   * → paid by `paymentId`, once: the first payment to claim the order is the one it was paid with, and its open
   * slot is freed. Answers the payment the order is paid with now (another one's id means a second payment).
   */
  async claimPayment(razorpayOrderId: string, paymentId: string, at: Date): Promise<string | null> {
    await this.orders
      .updateOne(
        { razorpayOrderId: { $eq: razorpayOrderId }, status: { $ne: OrderStatus.Paid } },
        { $set: { status: OrderStatus.Paid, paymentId, paidAt: at }, $unset: { openFor: 1 } },
      )
      .exec();
    return (await this.findByRazorpayId(razorpayOrderId))?.paymentId ?? null;
  }

  /** The order's promo code moves `from` → `to`, once: answers whether this call moved it. */
  async movePromoState(id: Types.ObjectId, from: PromoState, to: PromoState): Promise<boolean> {
    const { modifiedCount } = await this.orders
      .updateOne({ _id: id, promoState: { $eq: from } }, { $set: { promoState: to } })
      .exec();
    return modifiedCount === 1;
  }

  /** The paid orders that used a promo code, newest first. */
  async redeemedWith(
    promoId: string,
    skip: number,
    limit: number,
  ): Promise<{ items: StoredOrder[]; total: number }> {
    const query = { 'promo.promoId': { $eq: promoId }, promoState: { $eq: PromoState.Redeemed } };
    return this.pageOf(query, { paidAt: -1, _id: -1 }, skip, limit);
  }

  /** Orders nobody finished (no webhook came, the browser closed) that are old enough to ask Razorpay about. */
  unsettled(olderThan: Date, limit: number): Promise<StoredOrder[]> {
    return this.orders
      .find({
        status: { $in: [OrderStatus.Created, OrderStatus.Attempted] },
        razorpayOrderId: { $type: 'string' },
        createdAt: { $lt: olderThan },
      })
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean<StoredOrder[]>()
      .exec();
  }

  /** Unpaid orders still holding a promo code's claim, created before `before` (abandoned Checkouts). */
  abandonedWithPromo(before: Date, limit: number): Promise<StoredOrder[]> {
    return this.orders
      .find({
        status: { $in: [OrderStatus.Created, OrderStatus.Attempted] },
        promoState: { $eq: PromoState.Reserved },
        createdAt: { $lt: before },
      })
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean<StoredOrder[]>()
      .exec();
  }

  async page(
    filter: PageFilter<OrderStatus>,
    skip: number,
    limit: number,
  ): Promise<{ items: StoredOrder[]; total: number }> {
    const query = {
      ...userCondition(filter),
      ...(filter.status ? { status: { $eq: filter.status } } : {}),
      ...(filter.title ? { title: containsText(filter.title) } : {}),
    };
    return this.pageOf(query, { createdAt: -1, _id: -1 }, skip, limit);
  }

  /** One page of the orders `query` finds, in `sort` order, and how many it finds in all. */
  private async pageOf(
    query: QueryFilter<OrderRecord>,
    sort: Record<string, 1 | -1>,
    skip: number,
    limit: number,
  ): Promise<{ items: StoredOrder[]; total: number }> {
    const [items, total] = await Promise.all([
      this.orders.find(query).sort(sort).skip(skip).limit(limit).lean<StoredOrder[]>().exec(),
      this.orders.countDocuments(query).exec(),
    ]);
    return { items, total };
  }

  /** One viewer's orders, newest first ("Download my data"). */
  ofUser(userId: string): Promise<StoredOrder[]> {
    return this.orders
      .find({ userId: { $eq: userId } })
      .sort({ createdAt: -1, _id: -1 })
      .lean<StoredOrder[]>()
      .exec();
  }

  /** The latest email on each of these payers' orders. */
  async emailsOf(userIds: string[]): Promise<KnownEmail[]> {
    return this.orders
      .find({ userId: { $in: userIds }, email: { $type: 'string' } }, { userId: 1, email: 1, _id: 0 })
      .sort({ createdAt: -1 })
      .lean<KnownEmail[]>()
      .exec();
  }

  /** Payers whose orders carry an email containing `text` (the console's email filter). */
  async userIdsByEmail(text: string, limit: number): Promise<string[]> {
    const ids = await this.orders.distinct('userId', { email: containsText(text) }).exec();
    return ids.slice(0, limit);
  }

  /** user.updated: the payer's current email and name, so receipts and the console follow the account. */
  async updatePerson(userId: string, person: PersonOnRecord): Promise<void> {
    await this.orders
      .updateMany({ userId: { $eq: userId }, email: { $type: 'string' } }, { $set: person })
      .exec();
  }

  /**
   * user.deleted: the records stay (the law keeps payment records); the email and name go and the user id becomes
   * `marker`. Idempotent: a re-run finds nothing left under `userId`.
   */
  async forgetPerson(userId: string, marker: string): Promise<void> {
    await this.orders
      .updateMany(
        { userId: { $eq: userId } },
        { $set: { userId: marker, email: null, name: null }, $unset: { openFor: 1 } },
      )
      .exec();
  }
}
