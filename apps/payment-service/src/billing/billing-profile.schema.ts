import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { GstStateCode } from '@app/contracts';

/** A viewer's billing details for tax invoices (issue 27): one per account, erased with it. */
@Schema({
  collection: 'billingProfiles',
  versionKey: false,
  timestamps: { createdAt: false, updatedAt: true },
})
export class BillingProfileRecord {
  @Prop({ required: true }) userId: string;
  @Prop({ type: String, required: true }) state: GstStateCode;
  @Prop({ type: String, default: null }) gstin: string | null;
}

export const BillingProfileSchema = SchemaFactory.createForClass(BillingProfileRecord);
BillingProfileSchema.index({ userId: 1 }, { unique: true });
