import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { AuditAction, AuditOutcome, AuditTargetType } from '@app/contracts';

/**
 * One admin action (DECISIONS 34; issue 22, finding 6), as it happened: on a user (auth-service's own), or on a
 * viewer's data or money or the catalogue (another service's, from its `audit.recorded` event). Written once,
 * never changed.
 */
@Schema({ collection: 'admin_audit_log' })
export class AuditEntryRecord {
  @Prop({ type: Date, required: true }) at: Date;
  @Prop({ required: true }) actorId: string;
  /** Names as they were then: the log still reads after an account is renamed or gone. */
  @Prop({ required: true }) actorUsername: string;
  @Prop({ type: String, required: true, enum: Object.values(AuditAction) }) action: AuditAction;
  /** Entries written before titles were audited have none: a user. */
  @Prop({ type: String, enum: Object.values(AuditTargetType), default: AuditTargetType.User })
  targetType: AuditTargetType;
  @Prop({ required: true }) targetId: string;
  /** The target's name then: a username, or a title's title (the field kept its first name). */
  @Prop({ required: true }) targetUsername: string;
  @Prop({ required: true }) detail: string;
  @Prop({ type: String, default: null }) before: string | null;
  @Prop({ type: String, default: null }) after: string | null;
  @Prop({ type: String, required: true, enum: Object.values(AuditOutcome) }) outcome: AuditOutcome;
  @Prop({ type: String, default: null }) reason: string | null;
  @Prop({ type: String, default: null }) actionId: string | null;
  @Prop({ type: String, default: null }) correlationId: string | null;
  /**
   * The `audit.recorded` event an entry came from, absent on auth-service's own: its unique sparse index stores a
   * redelivered event once.
   */
  @Prop({ type: String }) eventId?: string;
}

export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntryRecord);
AuditEntrySchema.index({ at: -1, _id: -1 });
AuditEntrySchema.index({ eventId: 1 }, { unique: true, sparse: true });
AuditEntrySchema.index({ actorId: 1, at: -1 });
AuditEntrySchema.index({ targetId: 1, at: -1 });
AuditEntrySchema.index({ action: 1, at: -1 });
