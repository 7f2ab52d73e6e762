import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import {
  CAPTION_BACKGROUNDS,
  CAPTION_COLORS,
  CAPTION_SIZES,
  Classification,
  PROFILE_AVATARS,
  ProfileKind,
  UiLanguage,
} from '@app/contracts';
import type { CaptionBackground, CaptionColor, CaptionSize, ProfileAvatar } from '@app/contracts';

/**
 * One profile of an account (DECISIONS 36), kept inside the account's user document: the household's rules (at most
 * five, names unique ignoring case, never none) then hold with one conditional write, without transactions.
 */
@Schema({ timestamps: false })
export class ProfileRecord {
  /** The default profile of an account that predates profiles has the account's id (see household.ts). */
  @Prop({ type: Types.ObjectId, required: true }) _id: Types.ObjectId;
  @Prop({ required: true }) name: string;
  /** The name as compared for uniqueness (trimmed, lower-cased). */
  @Prop({ required: true }) nameKey: string;
  @Prop({ type: String, required: true, enum: PROFILE_AVATARS }) avatar: ProfileAvatar;
  @Prop({ type: String, required: true, enum: Object.values(ProfileKind) }) kind: ProfileKind;
  @Prop({ type: String, required: true, enum: Object.values(Classification) })
  maturityCeiling: Classification;
  @Prop({ type: String, required: true, enum: Object.values(UiLanguage) }) uiLanguage: UiLanguage;
  @Prop({ required: true }) audioLanguage: string;
  @Prop({ type: String, default: null }) subtitleLanguage: string | null;
  @Prop({ required: true }) autoplayNext: boolean;
  @Prop({ required: true }) askBeforeNext: boolean;
  /** Issue 26's caption style; absent on profiles stored before it (the mapper answers the default). */
  @Prop({ type: Number, enum: CAPTION_SIZES }) captionSize?: CaptionSize;
  @Prop({ type: String, enum: CAPTION_COLORS }) captionColor?: CaptionColor;
  @Prop({ type: Number, enum: CAPTION_BACKGROUNDS }) captionBackground?: CaptionBackground;
  /** argon2id of the 4-digit lock, like passwords; null when the profile is not locked. Never leaves the service. */
  @Prop({ type: String, default: null }) pinHash: string | null;
  @Prop({ required: true }) createdAt: Date;
}

export const ProfileRecordSchema = SchemaFactory.createForClass(ProfileRecord);
