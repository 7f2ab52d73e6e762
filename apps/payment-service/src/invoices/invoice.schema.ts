import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import { type AppliedPromo, type GstStateCode, TaxDocumentType } from '@app/contracts';

export type Party = { name: string; address: string; gstin: string; state: GstStateCode };
export type Recipient = {
  name: string;
  /** Null once the account is deleted. */
  email: string | null;
  gstin: string | null;
  state: GstStateCode;
  stateAssumed: boolean;
};

/**
 * A GST tax invoice or credit note, as issued: never updated (DECISIONS 39), kept when its user is deleted (the law
 * keeps it; only `userId` becomes the deletion marker). `key` makes issuing idempotent: `invoice:<paymentId>` or
 * `credit-note:<paymentId>` (one full refund per payment); `(series, seq)` makes its number unique.
 */
@Schema({ collection: 'invoices', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class InvoiceRecord {
  _id: Types.ObjectId;
  @Prop({ required: true }) key: string;
  @Prop({ type: String, required: true, enum: Object.values(TaxDocumentType) }) type: TaxDocumentType;
  /** `SL/26-27` or `CN/26-27`: one number series per kind and financial year. */
  @Prop({ required: true }) series: string;
  @Prop({ required: true }) seq: number;
  @Prop({ required: true }) number: string;
  /** `2026-27`. */
  @Prop({ required: true }) financialYear: string;
  @Prop({ type: Date, required: true }) date: Date;
  @Prop({ required: true }) userId: string;
  @Prop({ required: true }) paymentId: string;
  /** A credit note's invoice. */
  @Prop({ type: Object, default: null }) against: { id: string; number: string; date: Date } | null;
  @Prop({ type: Object, required: true }) supplier: Party;
  @Prop({ type: Object, required: true }) recipient: Recipient;
  @Prop({ type: String, required: true }) placeOfSupply: GstStateCode;
  @Prop({ required: true }) description: string;
  @Prop({ required: true }) sac: string;
  @Prop({ required: true }) taxablePaise: number;
  @Prop({ required: true }) cgstPaise: number;
  @Prop({ required: true }) sgstPaise: number;
  @Prop({ required: true }) igstPaise: number;
  @Prop({ required: true }) totalPaise: number;
  /** A promo code's discount on the list price (issue 27); `totalPaise` is what was paid after it. */
  @Prop({ type: Object, default: null }) discount: AppliedPromo | null;
  createdAt?: Date;
}

export const InvoiceSchema = SchemaFactory.createForClass(InvoiceRecord);
InvoiceSchema.index({ key: 1 }, { unique: true });
InvoiceSchema.index({ series: 1, seq: -1 }, { unique: true });
InvoiceSchema.index({ userId: 1, date: -1 });
