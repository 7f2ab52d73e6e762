import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import type { PromoAppliesTo, PromoDiscount } from '@app/contracts';
import { PromoStatus } from '@app/contracts';

/**
 * A promo code (issue 27). `claimed` counts the orders holding it (unpaid included), `redeemed` the paid ones; both
 * move only by conditional `$inc`, so the total limit holds under parallel orders without transactions.
 */
@Schema({ collection: 'promos', versionKey: false, timestamps: { createdAt: true, updatedAt: true } })
export class PromoRecord {
  _id: Types.ObjectId;
  /** Upper case, unique. */
  @Prop({ required: true }) code: string;
  @Prop({ default: '' }) description: string;
  @Prop({ type: Object, required: true }) discount: PromoDiscount;
  /** Codes stored before plans were offered have no `plans`: they apply to no plan. */
  @Prop({ type: Object, required: true }) appliesTo: Omit<PromoAppliesTo, 'plans'> &
    Partial<Pick<PromoAppliesTo, 'plans'>>;
  @Prop({ type: Date, required: true }) validFrom: Date;
  @Prop({ type: Date, required: true }) validTo: Date;
  @Prop({ type: Number, default: null }) totalLimit: number | null;
  @Prop({ required: true }) perAccountLimit: number;
  @Prop({ type: String, required: true, enum: Object.values(PromoStatus) }) status: PromoStatus;
  @Prop({ default: 0 }) claimed: number;
  @Prop({ default: 0 }) redeemed: number;
  createdAt?: Date;
}

export const PromoSchema = SchemaFactory.createForClass(PromoRecord);
PromoSchema.index({ code: 1 }, { unique: true });
PromoSchema.index({ createdAt: -1, _id: -1 });

/** How many orders of one account hold one code: the per-account limit, by conditional `$inc` on a unique pair. */
@Schema({ collection: 'promoClaims', versionKey: false })
export class PromoClaimRecord {
  @Prop({ required: true }) promoId: string;
  @Prop({ required: true }) userId: string;
  @Prop({ default: 0 }) claimed: number;
}

export const PromoClaimSchema = SchemaFactory.createForClass(PromoClaimRecord);
PromoClaimSchema.index({ promoId: 1, userId: 1 }, { unique: true });
