import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { AuditAction, AuditOutcome } from '@app/contracts';

/** One admin action on a user, as it happened (DECISIONS 34). Written once, never changed. */
@Schema({ collection: 'admin_audit_log' })
export class AuditEntryRecord {
  @Prop({ type: Date, required: true }) at: Date;
  @Prop({ required: true }) actorId: string;
  /** Names as they were then: the log still reads after an account is renamed or gone. */
  @Prop({ required: true }) actorUsername: string;
  @Prop({ type: String, required: true, enum: Object.values(AuditAction) }) action: AuditAction;
  @Prop({ required: true }) targetId: string;
  @Prop({ required: true }) targetUsername: string;
  @Prop({ required: true }) detail: string;
  @Prop({ type: String, required: true, enum: Object.values(AuditOutcome) }) outcome: AuditOutcome;
  @Prop({ type: String, default: null }) reason: string | null;
  @Prop({ type: String, default: null }) actionId: string | null;
}

export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntryRecord);
AuditEntrySchema.index({ at: -1, _id: -1 });
