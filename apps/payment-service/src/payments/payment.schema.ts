import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { PaymentStatus, PlanId } from '@app/contracts';
import { GrantKind } from '../entitlements/grant.schema';

export const RefundStatus = { Pending: 'pending', Processed: 'processed', Failed: 'failed' } as const;
export type RefundStatus = (typeof RefundStatus)[keyof typeof RefundStatus];

/** A Razorpay payment we know of; `_id` is Razorpay's payment id, so recording one twice is a duplicate key. */
@Schema({ collection: 'payments', versionKey: false, timestamps: { createdAt: true, updatedAt: true } })
export class PaymentRecord {
  @Prop({ type: String, required: true }) _id: string;
  /** Razorpay's order id (purchases and rentals). */
  @Prop({ type: String, default: null }) orderId: string | null;
  @Prop({ type: String, default: null }) subscriptionId: string | null;
  @Prop({ required: true }) userId: string;
  @Prop({ type: String, required: true, enum: Object.values(GrantKind) }) kind: GrantKind;
  @Prop({ type: String, default: null }) movieId: string | null;
  @Prop({ type: String, default: null }) title: string | null;
  @Prop({ type: String, default: null, enum: [...Object.values(PlanId), null] }) planId: PlanId | null;
  @Prop({ required: true }) amountPaise: number;
  @Prop({ type: String, required: true, enum: Object.values(PaymentStatus) }) status: PaymentStatus;
  @Prop({ type: String, default: null }) method: string | null;
  @Prop({ type: Date, default: null }) capturedAt: Date | null;
  /** The subscription cycle a charge paid for (receipts say which period). */
  @Prop({ type: Date, default: null }) periodStart: Date | null;
  @Prop({ type: Date, default: null }) periodEnd: Date | null;
  /** Which charge of its subscription (Razorpay's `paid_count`): 1 starts it, later ones renew it. */
  @Prop({ type: Number, default: null }) cycle: number | null;
  @Prop({ type: String, default: null }) refundId: string | null;
  @Prop({ type: String, default: null, enum: [...Object.values(RefundStatus), null] })
  refundStatus: RefundStatus | null;
  @Prop({ type: Date, default: null }) refundedAt: Date | null;
  /**
   * A second payment for what its payer already had (issue 22): the payment it duplicated (for a plan's charge, the
   * subscription kept). It grants nothing and is refunded by itself; its receipt says so.
   */
  @Prop({ type: String, default: null }) duplicateOf: string | null;
  /** Set when the receipt mail is claimed for sending: one receipt per payment. */
  @Prop({ type: Date, default: null }) receiptSentAt: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
}

export const PaymentSchema = SchemaFactory.createForClass(PaymentRecord);
PaymentSchema.index({ userId: 1, createdAt: -1 });
PaymentSchema.index({ status: 1, createdAt: -1 });
PaymentSchema.index({ createdAt: -1, _id: -1 });
PaymentSchema.index({ duplicateOf: 1, status: 1 });
PaymentSchema.index({ subscriptionId: 1 });
