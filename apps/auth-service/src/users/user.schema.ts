import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Classification, Role, UiLanguage, UserStatus } from '@app/contracts';
import { ProfileRecord, ProfileRecordSchema } from '../profiles/profile.schema';

@Schema({ collection: 'users', timestamps: { createdAt: true, updatedAt: true } })
export class UserRecord {
  @Prop({ required: true }) username: string;
  /** Stored lower-cased; unique. */
  @Prop({ required: true }) email: string;
  /** argon2id; null for an account created by Google sign-in that has not set a password. */
  @Prop({ type: String, default: null }) passwordHash: string | null;
  @Prop({ type: String, required: true, enum: Object.values(Role), default: Role.User }) role: Role;
  @Prop({ type: String, required: true, enum: Object.values(UserStatus), default: UserStatus.Active })
  status: UserStatus;
  @Prop({ type: String, default: null }) profileImage: string | null;
  /** Absent (not null) until Google sign-in links the account: the unique index is sparse. */
  @Prop({ type: String }) googleId?: string;
  /**
   * DECISIONS 33: the owner of `email` proved it (the verification mail's link, or Google). Absent on accounts made
   * before verification existed, which counts as not verified.
   */
  @Prop({ type: Boolean, default: false }) emailVerified: boolean;
  /** Bumped when every session must end (password reset); tokens carry it as `ver`. */
  @Prop({ type: Number, default: 0 }) tokenVersion: number;
  /**
   * When the token version was last bumped (every session ended): what tells the outbox's relay that a
   * `session.revoked` of all sessions, stored before, was made. Absent until the first time.
   */
  @Prop({ type: Date }) sessionsEndedAt?: Date;
  /**
   * DECISIONS 36: the household's profiles, oldest first. Absent on an account no profile route has touched yet
   * (every account before profiles): it has one default profile then, made on first use (household.ts).
   */
  @Prop({ type: [ProfileRecordSchema], default: undefined }) profiles?: ProfileRecord[];
  /** Moves on with every change to `profiles`: each change is one write conditional on the version it read. */
  @Prop({ type: Number }) profilesVersion?: number;
  /**
   * Issue 27: the devices (browser, OS and hardware, no versions) this account signed in from, the newest
   * KNOWN_DEVICES_LIMIT: a sign-in from one not among them is mailed to the owner. Absent before the first sign-in.
   */
  @Prop({ type: [String], default: undefined }) knownDevices?: string[];
  /**
   * Issue 25: argon2id of the account's 4-digit parental PIN (like passwords). Absent until the account holder sets
   * one: no title asks for it before.
   */
  @Prop({ type: String }) parentalPinHash?: string;
  /** Issue 25: titles of this class and above ask for the parental PIN on non-kids profiles; absent: A. */
  @Prop({ type: String, enum: Object.values(Classification) }) parentalPinFrom?: Classification;
  /** Issue 25: the account holder's declared date of birth (YYYY-MM-DD), asked once; absent until declared. */
  @Prop({ type: String }) dateOfBirth?: string;
  /** Issue 26: the language the account's mails are written in; absent (accounts from before it): English. */
  @Prop({ type: String, enum: Object.values(UiLanguage) }) language?: UiLanguage;
  createdAt: Date;
  updatedAt: Date;
}

export const UserSchema = SchemaFactory.createForClass(UserRecord);
UserSchema.index({ email: 1 }, { unique: true });
UserSchema.index({ googleId: 1 }, { unique: true, sparse: true });
