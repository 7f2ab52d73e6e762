import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { ComingSoonKind, ReminderLanguage } from '@app/contracts';

/**
 * "Remind me" (issue 28): a profile asked to hear when a scheduled title goes live. Per profile, like My List
 * (DECISIONS 36), so the mail is in that profile's interface language; it goes to the account's address, both taken
 * by the gateway from the session and auth-service when the profile asked. `sentAt` is claimed before the mail
 * goes out, so a redelivered `*.published` never mails twice.
 */
@Schema({ collection: 'reminders', timestamps: true })
export class ReminderRecord {
  @Prop({ required: true }) userId: string;
  @Prop({ required: true }) profileId: string;
  @Prop({ required: true }) titleId: string;
  @Prop({ type: String, required: true }) kind: ComingSoonKind;
  @Prop({ required: true }) title: string;
  @Prop({ required: true }) email: string;
  @Prop({ type: String, required: true }) language: ReminderLanguage;
  @Prop({ type: Date, default: null }) sentAt: Date | null;
}

export const ReminderSchema = SchemaFactory.createForClass(ReminderRecord);
ReminderSchema.index({ userId: 1, profileId: 1, titleId: 1 }, { unique: true });
// A title going live reaches every reminder of it.
ReminderSchema.index({ titleId: 1, sentAt: 1 });
