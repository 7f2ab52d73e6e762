import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { OrderStatus, TitleOrderKind, UiLanguage } from '@app/contracts';

/** A promo code an order was priced with (issue 27): `amountPaise` is `listPricePaise - discountPaise`. */
export type OrderPromo = { promoId: string; code: string; listPricePaise: number; discountPaise: number };
/**
 * reserved: the order holds one of the code's claims; redeemed: paid, counted once; released: replaced unpaid, its
 * claim given back (paid anyway later, it is redeemed and takes a claim again).
 */
export const PromoState = { Reserved: 'reserved', Redeemed: 'redeemed', Released: 'released' } as const;
export type PromoState = (typeof PromoState)[keyof typeof PromoState];

/** A Razorpay order for a purchase or a rental: what was asked, for how much (computed here), and its state. */
@Schema({ collection: 'orders', versionKey: false, timestamps: { createdAt: true, updatedAt: true } })
export class OrderRecord {
  /** Ours, unique; also sent to Razorpay as the order's `receipt`. */
  @Prop({ required: true }) receipt: string;
  /**
   * Set once the Razorpay order exists (first writer wins: a double click never stores two). Absent until then, not
   * null: its unique index is sparse, which skips absent fields on MongoDB and on the embedded stand-in alike (the
   * stand-in ignores partialFilterExpression, so a partial index let two orders awaiting their ids clash).
   */
  @Prop({ type: String }) razorpayOrderId?: string | null;
  @Prop({ required: true }) userId: string;
  /** The button press's key: (userId, idempotencyKey) is unique, so a double click finds the same order. */
  @Prop({ required: true }) idempotencyKey: string;
  /**
   * `<userId>:<movieId>` while the order is unpaid, absent once paid (or replaced by an order of the other kind or
   * price): its unique sparse index holds one unpaid order per viewer and title, so two tabs (two keys) share one.
   */
  @Prop({ type: String }) openFor?: string;
  @Prop({ type: String, required: true, enum: Object.values(TitleOrderKind) }) kind: TitleOrderKind;
  @Prop({ required: true }) movieId: string;
  @Prop({ required: true }) title: string;
  @Prop({ required: true }) amountPaise: number;
  /** Absent without a code. */
  @Prop({ type: Object }) promo?: OrderPromo;
  @Prop({ type: String, enum: Object.values(PromoState) }) promoState?: PromoState;
  @Prop({ type: String, required: true, enum: Object.values(OrderStatus) }) status: OrderStatus;
  @Prop({ type: String, default: null }) paymentId: string | null;
  @Prop({ type: Date, default: null }) paidAt: Date | null;
  /** Personal fields for Checkout's prefill and the receipt; dropped when the user is deleted. */
  @Prop({ type: String, default: null }) email: string | null;
  @Prop({ type: String, default: null }) name: string | null;
  /** Issue 26: the account's language, which its receipts and reminders are written in; absent (older records): English. */
  @Prop({ type: String, enum: Object.values(UiLanguage) }) language?: UiLanguage;
  createdAt?: Date;
  updatedAt?: Date;
}

export const OrderSchema = SchemaFactory.createForClass(OrderRecord);
OrderSchema.index({ receipt: 1 }, { unique: true });
OrderSchema.index({ userId: 1, idempotencyKey: 1 }, { unique: true });
// Named apart from the partial index it replaces (`razorpayOrderId_1`), so a database that has that one still boots;
// drop the old one there (`db.orders.dropIndex('razorpayOrderId_1')`).
OrderSchema.index({ razorpayOrderId: 1 }, { unique: true, sparse: true, name: 'razorpayOrderId_sparse' });
OrderSchema.index({ openFor: 1 }, { unique: true, sparse: true, name: 'openFor_sparse' });
OrderSchema.index({ status: 1, createdAt: 1 });
OrderSchema.index({ email: 1 });
OrderSchema.index({ 'promo.promoId': 1, paidAt: -1 }, { sparse: true });
OrderSchema.index({ createdAt: -1, _id: -1 });
