import { Prop, raw, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { PlaybackPreference } from '@app/contracts';

/** A profile's saved settings (DECISIONS 21, 36); absent until it first saves. */
@Schema({ collection: 'settings', timestamps: true })
export class SettingsRecord {
  /** The account. */
  @Prop({ required: true }) userId: string;
  /** The account's profile they are of (records from before profiles: the default one, moved at boot). */
  @Prop({ required: true }) profileId: string;
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
SettingsSchema.index({ userId: 1, profileId: 1 }, { unique: true });
/** The index from before profiles, dropped by the profiles migration (one record per account). */
export const SETTINGS_INDEXES_BEFORE_PROFILES = ['userId_1'] as const;
