import { Prop, raw, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { PlaybackPreference } from '@app/contracts';

/** A viewer's saved settings (DECISIONS 21); absent until they first save. */
@Schema({ collection: 'settings', timestamps: true })
export class SettingsRecord {
  @Prop({ required: true }) userId: string;
  @Prop(
    raw({
      newReleases: { type: Boolean, required: true },
      recommendations: { type: Boolean, required: true },
    }),
  )
  notifications: { newReleases: boolean; recommendations: boolean };
  @Prop({ type: String, required: true }) playback: PlaybackPreference;
}

export const SettingsSchema = SchemaFactory.createForClass(SettingsRecord);
SettingsSchema.index({ userId: 1 }, { unique: true });
