import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { OrderStatus } from '@app/contracts';
import { unlessDuplicate } from '@app/server-core';
import { OrderRecord } from './order.schema';

export type StoredOrder = OrderRecord & { _id: Types.ObjectId; createdAt: Date };
export type NewOrder = Omit<
  OrderRecord,
  'razorpayOrderId' | 'status' | 'paymentId' | 'paidAt' | 'createdAt' | 'updatedAt'
>;
/** The admin console's filter; the service checks `status` against the collection's own states. */
export type PageFilter<S extends string = string> = { userId?: string; status?: S };

/** The only code that touches the orders collection. */
@Injectable()
export class OrdersRepository {
  constructor(@InjectModel(OrderRecord.name) private readonly orders: Model<OrderRecord>) {}

  /** Claims the (user, idempotency key) pair; null when that key already made an order (a double click). */
  async create(order: NewOrder): Promise<StoredOrder | null> {
    const created = await unlessDuplicate(
      this.orders.create({
        ...order,
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

  /** → paid, once: answers whether this call moved it (a paid order is never moved again). */
  async markPaid(razorpayOrderId: string, paymentId: string, at: Date): Promise<boolean> {
    const result = await this.orders
      .updateOne(
        { razorpayOrderId: { $eq: razorpayOrderId }, status: { $ne: OrderStatus.Paid } },
        { $set: { status: OrderStatus.Paid, paymentId, paidAt: at } },
      )
      .exec();
    return result.modifiedCount === 1;
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

  async page(
    filter: PageFilter<OrderStatus>,
    skip: number,
    limit: number,
  ): Promise<{ items: StoredOrder[]; total: number }> {
    const query = {
      ...(filter.userId ? { userId: { $eq: filter.userId } } : {}),
      ...(filter.status ? { status: { $eq: filter.status } } : {}),
    };
    const [items, total] = await Promise.all([
      this.orders
        .find(query)
        .sort({ createdAt: -1, _id: -1 })
        .skip(skip)
        .limit(limit)
        .lean<StoredOrder[]>()
        .exec(),
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

  /**
   * user.deleted: the records stay (the law keeps payment records); the email and name go and the user id becomes
   * `marker`. Idempotent: a re-run finds nothing left under `userId`.
   */
  async forgetPerson(userId: string, marker: string): Promise<void> {
    await this.orders
      .updateMany({ userId: { $eq: userId } }, { $set: { userId: marker, email: null, name: null } })
      .exec();
  }
}
