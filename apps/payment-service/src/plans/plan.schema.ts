import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { PlanId, Quality } from '@app/contracts';

/** A plan of the catalogue; `_id` is the plan id (`basic`, …) so seeding upserts by it. */
@Schema({ collection: 'plans', versionKey: false })
export class PlanRecord {
  @Prop({ type: String, required: true, enum: Object.values(PlanId) }) _id: PlanId;
  @Prop({ required: true }) name: string;
  @Prop({ required: true }) priceInr: number;
  @Prop({ required: true }) months: number;
  @Prop({ type: String, required: true, enum: Object.values(Quality) }) quality: Quality;
  @Prop({ required: true }) screens: number;
  @Prop({ required: true }) premiumContent: boolean;
  @Prop({ required: true }) earlyAccess: boolean;
  @Prop({ type: [String], required: true }) features: string[];
  /**
   * Razorpay plan ids, created on the first subscription and kept per `<keyId>_<amountPaise>_<months>` (a plan
   * exists per Razorpay account, and a price change needs a new Razorpay plan).
   */
  @Prop({ type: Object, default: {} }) razorpayPlanIds: Record<string, string>;
}

export const PlanSchema = SchemaFactory.createForClass(PlanRecord);
