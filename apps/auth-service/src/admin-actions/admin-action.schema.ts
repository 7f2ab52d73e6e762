import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { AdminActionKind, AdminActionStatus } from '@app/contracts';

/** An admin's request to demote, ban or remove another admin, waiting for a second admin (DECISIONS 34). */
@Schema({ collection: 'admin_actions' })
export class AdminActionRecord {
  @Prop({ type: String, required: true, enum: Object.values(AdminActionKind) }) kind: AdminActionKind;
  @Prop({ required: true }) targetId: string;
  @Prop({ required: true }) targetUsername: string;
  @Prop({ required: true }) requestedById: string;
  @Prop({ required: true }) requestedByUsername: string;
  @Prop({ type: Date, required: true }) requestedAt: Date;
  /** Not a TTL index: an expired request stays on record; every read filters on it. */
  @Prop({ type: Date, required: true }) expiresAt: Date;
  @Prop({ type: String, required: true, enum: Object.values(AdminActionStatus) }) status: AdminActionStatus;
  @Prop({ type: String, default: null }) decidedById: string | null;
  @Prop({ type: String, default: null }) decidedByUsername: string | null;
  @Prop({ type: Date, default: null }) decidedAt: Date | null;
  @Prop({ type: String, default: null }) reason: string | null;
  /**
   * The target's id while the request is pending, absent once it is decided or expired: its unique sparse index
   * allows one open request per admin. (Not a partial index on `status`: the test stand-in keeps a partial index's
   * entry when an update moves the document out of its filter.)
   */
  @Prop({ type: String }) openFor?: string;
}

export const AdminActionSchema = SchemaFactory.createForClass(AdminActionRecord);
/** One open request per admin: a second ask (a double click, another admin) finds the first. */
AdminActionSchema.index({ openFor: 1 }, { unique: true, sparse: true });
AdminActionSchema.index({ status: 1, requestedAt: -1 });
