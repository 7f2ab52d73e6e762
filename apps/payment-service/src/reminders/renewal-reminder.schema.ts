import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One renewal reminder (issue 27): `key` is `<razorpay subscription id>:<charge time>`, unique, so each cycle's mail
 * is claimed once across replicas and restarts. `sentAt` null with an old `claimedAt` is a claim whose process died
 * before sending: it may be taken again.
 */
@Schema({ collection: 'renewalReminders', versionKey: false })
export class RenewalReminderRecord {
  @Prop({ required: true }) key: string;
  @Prop({ required: true }) subscriptionId: string;
  @Prop({ required: true }) userId: string;
  @Prop({ type: Date, required: true }) chargeAt: Date;
  @Prop({ type: Date, required: true }) claimedAt: Date;
  @Prop({ type: Date, default: null }) sentAt: Date | null;
}

export const RenewalReminderSchema = SchemaFactory.createForClass(RenewalReminderRecord);
RenewalReminderSchema.index({ key: 1 }, { unique: true });
