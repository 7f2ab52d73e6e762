import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { PlanId } from '@app/contracts';

export const GrantKind = { Subscription: 'subscription', Purchase: 'purchase', Rental: 'rental' } as const;
export type GrantKind = (typeof GrantKind)[keyof typeof GrantKind];

/** Both rental clocks (DECISIONS 7); `startedAt`/`expiresAt` stay null until the first play. */
@Schema({ _id: false })
export class RentalClockRecord {
  @Prop({ type: Date, required: true }) rentedAt: Date;
  @Prop({ type: Date, required: true }) startBy: Date;
  @Prop({ type: Date, default: null }) startedAt: Date | null;
  @Prop({ type: Date, default: null }) expiresAt: Date | null;
}
const RentalClockSchema = SchemaFactory.createForClass(RentalClockRecord);

/**
 * One grant of access (an entitlement): a purchase, a rental, or one paid cycle of a subscription. `source` is
 * what it came from (the payment id; for a subscription `<subscription id>@<cycle start>`), unique, so every
 * path that grants (verify, webhook, reconciler, a replay of any) upserts the same row.
 */
@Schema({ collection: 'entitlements', versionKey: false })
export class GrantRecord {
  @Prop({ required: true }) source: string;
  @Prop({ required: true }) userId: string;
  @Prop({ type: String, required: true, enum: Object.values(GrantKind) }) kind: GrantKind;
  @Prop({ type: String, default: null }) movieId: string | null;
  @Prop({ type: String, default: null }) title: string | null;
  @Prop({ type: String, default: null, enum: [...Object.values(PlanId), null] }) planId: PlanId | null;
  @Prop({ type: String, default: null }) subscriptionId: string | null;
  /** The payment that paid for it, when known (a subscription cycle may be granted from its activation first). */
  @Prop({ type: String, default: null }) paymentId: string | null;
  @Prop({ type: Date, default: null }) periodStart: Date | null;
  @Prop({ type: Date, default: null }) periodEnd: Date | null;
  @Prop({ type: RentalClockSchema, default: null }) rental: RentalClockRecord | null;
  @Prop({ type: Date, required: true }) grantedAt: Date;
  @Prop({ type: Date, default: null }) revokedAt: Date | null;
  @Prop({ type: String, default: null }) revokeReason: string | null;
}

export const GrantSchema = SchemaFactory.createForClass(GrantRecord);
GrantSchema.index({ source: 1 }, { unique: true });
GrantSchema.index({ userId: 1, movieId: 1 });
GrantSchema.index({ paymentId: 1 });
GrantSchema.index({ subscriptionId: 1 });
