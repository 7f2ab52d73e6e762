import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { PlanId, SubscriptionStatus, UiLanguage } from '@app/contracts';
import { type OrderPromo, PromoState } from '../orders/order.schema';

/** An upfront first period, paid (issue 27). */
export type Prepaid = { paymentId: string; paidAt: Date; until: Date };

/** A Razorpay subscription of one viewer to one plan, as last learned from Razorpay (never moved backwards). */
@Schema({ collection: 'subscriptions', versionKey: false, timestamps: { createdAt: true, updatedAt: true } })
export class SubscriptionRecord {
  /** Set once the Razorpay subscription exists (first writer wins). Absent until then: see OrderRecord.razorpayOrderId. */
  @Prop({ type: String }) razorpayId?: string | null;
  @Prop({ required: true }) userId: string;
  @Prop({ required: true }) idempotencyKey: string;
  /**
   * The user id while this new subscription (not a plan change) awaits Checkout or is live; absent once it ends or
   * another order replaces it unpaid. Its unique sparse index holds one such subscription per viewer (issue 22).
   */
  @Prop({ type: String }) openFor?: string;
  @Prop({ type: String, required: true, enum: Object.values(PlanId) }) planId: PlanId;
  @Prop({ type: String, required: true, enum: Object.values(SubscriptionStatus) }) status: SubscriptionStatus;
  @Prop({ type: Date, default: null }) currentStart: Date | null;
  @Prop({ type: Date, default: null }) currentEnd: Date | null;
  @Prop({ type: Date, default: null }) chargeAt: Date | null;
  /** When it starts charging: null for "now"; the current period's end for a plan change (DECISIONS 28). */
  @Prop({ type: Date, default: null }) startAt: Date | null;
  @Prop({ default: false }) cancelAtCycleEnd: boolean;
  /** Checkout was completed for it (signature verified or Razorpay said authenticated). */
  @Prop({ default: false }) authorised: boolean;
  /** The subscription this one replaces at its period end (a plan change), and the reverse link. */
  @Prop({ type: String, default: null }) replaces: string | null;
  @Prop({ type: String, default: null }) replacedBy: string | null;
  /** When we first learned it was live (authenticated, active, pending): of two live at once, the later one goes. */
  @Prop({ type: Date, default: null }) liveSince: Date | null;
  /** Set when it was a second live subscription of its viewer: the one it duplicated; cancelled and refunded. */
  @Prop({ type: String, default: null }) duplicateOf: string | null;
  /** Issue 27: a free trial's end: access until then once authorised, and its first charge (`startAt`). */
  @Prop({ type: Date, default: null }) trialEndsAt: Date | null;
  /** The user id on the account's one free trial, ever (unique sparse: absent on every other subscription). */
  @Prop({ type: String }) trialFor?: string;
  /**
   * Issue 27: the promo code its first period was bought with. That period is Razorpay's upfront add-on, charged
   * at authorisation at the discounted price (`listPricePaise - discountPaise`); `startAt` (one period later) is the
   * first charge at the list price. Absent without a code; `promoState` as an order's (see PromoState).
   */
  @Prop({ type: Object }) promo?: OrderPromo;
  @Prop({ type: String, enum: Object.values(PromoState) }) promoState?: PromoState;
  /** Issue 27: set once that upfront charge is captured: access until `until` (`startAt`), whatever came after. */
  @Prop({ type: Object, default: null }) prepaid: Prepaid | null;
  @Prop({ type: String, default: null }) email: string | null;
  @Prop({ type: String, default: null }) name: string | null;
  /** Issue 26: the account's language, which its receipts and reminders are written in; absent (older records): English. */
  @Prop({ type: String, enum: Object.values(UiLanguage) }) language?: UiLanguage;
  createdAt?: Date;
  updatedAt?: Date;
}

export const SubscriptionSchema = SchemaFactory.createForClass(SubscriptionRecord);
SubscriptionSchema.index({ userId: 1, idempotencyKey: 1 }, { unique: true });
// Named apart from the partial index it replaces (`razorpayId_1`): see OrderSchema.
SubscriptionSchema.index({ razorpayId: 1 }, { unique: true, sparse: true, name: 'razorpayId_sparse' });
SubscriptionSchema.index({ userId: 1, createdAt: -1 });
SubscriptionSchema.index({ openFor: 1 }, { unique: true, sparse: true, name: 'openFor_sparse' });
SubscriptionSchema.index({ status: 1, createdAt: 1 });
SubscriptionSchema.index({ email: 1 });
SubscriptionSchema.index({ chargeAt: 1 });
SubscriptionSchema.index({ trialFor: 1 }, { unique: true, sparse: true, name: 'trialFor_sparse' });
SubscriptionSchema.index({ createdAt: -1, _id: -1 });
SubscriptionSchema.index({ promoState: 1, createdAt: 1 }, { sparse: true });
