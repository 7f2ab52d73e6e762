import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { PaymentStatus } from '@app/contracts';
import { containsText, unlessDuplicate } from '@app/server-core';
import type { PageFilter } from '../data/page-filter';
import { userCondition } from '../data/page-filter';
import { PaymentRecord, RefundStatus } from './payment.schema';

export type StoredPayment = PaymentRecord & { createdAt: Date };
export type NewPayment = Omit<
  PaymentRecord,
  | 'capturedAt'
  | 'refundId'
  | 'refundStatus'
  | 'refundedAt'
  | 'receiptSentAt'
  | 'duplicateOf'
  | 'createdAt'
  | 'updatedAt'
> & { duplicateOf?: string | null };

/** `refundId` while a refund is being asked of Razorpay: claimed first, so two callers never refund twice. */
export const REFUND_CLAIMED = 'claimed';

/** Which states a payment may move to a state from: captured never goes back; failed only before capture. */
const ALLOWED_FROM: Record<PaymentStatus, PaymentStatus[]> = {
  [PaymentStatus.Created]: [],
  [PaymentStatus.Authorized]: [PaymentStatus.Created],
  [PaymentStatus.Captured]: [PaymentStatus.Created, PaymentStatus.Authorized],
  [PaymentStatus.Failed]: [PaymentStatus.Created, PaymentStatus.Authorized],
  [PaymentStatus.Refunded]: [PaymentStatus.Captured],
};

/** A title payment whose title contains `text`, or a plan's charge whose plan id does (`basic`, …). */
const titleCondition = (text: string) => ({
  $or: [{ title: containsText(text) }, { planId: containsText(text) }],
});

/** The only code that touches the payments collection. */
@Injectable()
export class PaymentsRepository {
  constructor(@InjectModel(PaymentRecord.name) private readonly payments: Model<PaymentRecord>) {}

  /**
   * Records a payment (insert by Razorpay's id) or moves a known one forward to `status`; late or reordered
   * reports never move it back. Answers when it was captured (by this call or an earlier one), null while it is
   * not: every settlement of a captured payment announces it again (EventBus's policy), dated then.
   */
  async record(payment: NewPayment, at: Date): Promise<{ capturedAt: Date | null }> {
    const captured = payment.status === PaymentStatus.Captured;
    const inserted = await unlessDuplicate(
      this.payments.create({
        ...payment,
        capturedAt: captured ? at : null,
        refundId: null,
        refundStatus: null,
        refundedAt: null,
        receiptSentAt: null,
        duplicateOf: payment.duplicateOf ?? null,
      }),
      null,
    );
    if (inserted) return { capturedAt: captured ? at : null };
    if (await this.advance(payment._id, payment.status, at, payment.method)) return { capturedAt: at };
    return { capturedAt: (await this.findById(payment._id))?.capturedAt ?? null };
  }

  /** Moves a payment to `status` when the move is forward; answers whether it became captured by this call. */
  async advance(id: string, status: PaymentStatus, at: Date, method: string | null = null): Promise<boolean> {
    const from = ALLOWED_FROM[status];
    if (from.length === 0) return false;
    const result = await this.payments
      .updateOne(
        { _id: { $eq: id }, status: { $in: from } },
        {
          $set: {
            status,
            ...(status === PaymentStatus.Captured ? { capturedAt: at } : {}),
            ...(method ? { method } : {}),
          },
        },
      )
      .exec();
    return result.modifiedCount === 1 && status === PaymentStatus.Captured;
  }

  findById(id: string): Promise<StoredPayment | null> {
    return this.payments.findById(id).lean<StoredPayment>().exec();
  }

  /**
   * Claims the refund of a captured payment before Razorpay is asked, once per payment: a second click, a replayed
   * webhook or a concurrent path gets false and asks nothing.
   */
  async claimRefund(id: string): Promise<boolean> {
    const result = await this.payments
      .updateOne(
        { _id: { $eq: id }, status: PaymentStatus.Captured, refundId: null },
        { $set: { refundId: REFUND_CLAIMED, refundStatus: RefundStatus.Pending } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /** Razorpay took the claimed refund: its id replaces the claim (a `refund.*` webhook may have been faster). */
  async attachRefund(id: string, refundId: string): Promise<void> {
    await this.payments
      .updateOne({ _id: { $eq: id }, refundId: REFUND_CLAIMED }, { $set: { refundId } })
      .exec();
  }

  /** Razorpay was not asked after all (it failed or refused): the payment may be refunded again. */
  async releaseRefund(id: string): Promise<void> {
    await this.payments
      .updateOne(
        { _id: { $eq: id }, refundId: REFUND_CLAIMED },
        { $set: { refundId: null, refundStatus: null } },
      )
      .exec();
  }

  /** Marks a payment as a second one (issue 22), once; answers the payment it duplicates as stored. */
  async markDuplicate(id: string, duplicateOf: string): Promise<string | null> {
    await this.payments.updateOne({ _id: { $eq: id }, duplicateOf: null }, { $set: { duplicateOf } }).exec();
    return (await this.findById(id))?.duplicateOf ?? null;
  }

  /** Duplicates still captured whose refund is not underway (Razorpay was down, or refused). */
  duplicatesAwaitingRefund(olderThan: Date, limit: number): Promise<StoredPayment[]> {
    return this.payments
      .find({
        duplicateOf: { $type: 'string' },
        status: PaymentStatus.Captured,
        refundId: null,
        updatedAt: { $lt: olderThan },
      })
      .limit(limit)
      .lean<StoredPayment[]>()
      .exec();
  }

  /** Refund claims never finished (the process died between the claim and Razorpay's answer). */
  stuckRefundClaims(olderThan: Date, limit: number): Promise<StoredPayment[]> {
    return this.payments
      .find({ refundId: REFUND_CLAIMED, status: PaymentStatus.Captured, updatedAt: { $lt: olderThan } })
      .limit(limit)
      .lean<StoredPayment[]>()
      .exec();
  }

  /** The charges of one subscription. */
  ofSubscription(subscriptionId: string): Promise<StoredPayment[]> {
    return this.payments
      .find({ subscriptionId: { $eq: subscriptionId } })
      .lean<StoredPayment[]>()
      .exec();
  }

  /** refund.processed: captured → refunded; answers whether this call did it. */
  async markRefunded(id: string, refundId: string, at: Date): Promise<boolean> {
    const result = await this.payments
      .updateOne(
        { _id: { $eq: id }, status: PaymentStatus.Captured },
        {
          $set: {
            status: PaymentStatus.Refunded,
            refundId,
            refundStatus: RefundStatus.Processed,
            refundedAt: at,
          },
        },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /** refund.failed: the payment stays captured (and refundable again). */
  async markRefundFailed(id: string): Promise<boolean> {
    const result = await this.payments
      .updateOne(
        { _id: { $eq: id }, status: PaymentStatus.Captured, refundStatus: { $ne: RefundStatus.Processed } },
        { $set: { refundStatus: RefundStatus.Failed, refundId: null } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /** Claims the receipt of a payment: only the first caller gets the payment back and sends the mail. */
  claimReceipt(id: string, at: Date): Promise<StoredPayment | null> {
    return this.payments
      .findOneAndUpdate(
        { _id: { $eq: id }, receiptSentAt: null },
        { $set: { receiptSentAt: at } },
        { returnDocument: 'after' },
      )
      .lean<StoredPayment>()
      .exec();
  }

  /** The mail could not be sent: let the next attempt claim it again. */
  async releaseReceipt(id: string): Promise<void> {
    await this.payments.updateOne({ _id: { $eq: id } }, { $set: { receiptSentAt: null } }).exec();
  }

  /** Captured payments, newest first (the mismatch report and the reconciler check each has its grant). */
  captured(limit: number): Promise<StoredPayment[]> {
    return this.payments
      .find({ status: PaymentStatus.Captured })
      .sort({ createdAt: -1 })
      .limit(limit)
      .lean<StoredPayment[]>()
      .exec();
  }

  byIds(ids: string[]): Promise<StoredPayment[]> {
    return this.payments
      .find({ _id: { $in: ids } })
      .lean<StoredPayment[]>()
      .exec();
  }

  /** One viewer's payments, newest first ("Download my data"). */
  ofUser(userId: string): Promise<StoredPayment[]> {
    return this.payments
      .find({ userId: { $eq: userId } })
      .sort({ createdAt: -1, _id: -1 })
      .lean<StoredPayment[]>()
      .exec();
  }

  /** user.deleted: the payment stays (the law keeps it), its user id becomes `marker`. Idempotent. */
  async forgetPerson(userId: string, marker: string): Promise<void> {
    await this.payments.updateMany({ userId: { $eq: userId } }, { $set: { userId: marker } }).exec();
  }

  async page(
    filter: PageFilter<PaymentStatus>,
    skip: number,
    limit: number,
  ): Promise<{ items: StoredPayment[]; total: number }> {
    const query = {
      ...userCondition(filter),
      ...(filter.status ? { status: { $eq: filter.status } } : {}),
      ...(filter.title ? titleCondition(filter.title) : {}),
    };
    const [items, total] = await Promise.all([
      this.payments
        .find(query)
        .sort({ createdAt: -1, _id: -1 })
        .skip(skip)
        .limit(limit)
        .lean<StoredPayment[]>()
        .exec(),
      this.payments.countDocuments(query).exec(),
    ]);
    return { items, total };
  }
}
