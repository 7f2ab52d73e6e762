import { z } from 'zod';
import { Classification, compareClassification } from './classification';
import { DeviceIdSchema, objectId } from './common';
import { query, rpc } from './rpc';
import { ProfileKind } from './profile-kind';
import { UiLanguage } from './ui-language';

/** DECISIONS 36: a household shares one account; each member has a profile. */
export const PROFILE_LIMIT = 5;
export const PROFILE_NAME_MAX_LENGTH = 30;

export { ProfileKind } from './profile-kind';
export { UiLanguage } from './ui-language';
export { profileIdOf, SessionProfileSchema, type SessionProfile } from './session-profile';

/** DECISIONS 37: a kids profile's ceiling is U or U/A 7+. */
export const KIDS_CEILINGS: readonly Classification[] = [Classification.U, Classification.UA7];
export const isKidsCeiling = (ceiling: Classification) =>
  compareClassification(ceiling, Classification.UA7) <= 0;

/** The built-in avatars (drawn by the web app like the generated posters); a profile names one by id. */
export const PROFILE_AVATARS = [
  'sunrise',
  'ocean',
  'forest',
  'tiger',
  'peacock',
  'lotus',
  'kite',
  'comet',
] as const;
export type ProfileAvatar = (typeof PROFILE_AVATARS)[number];

export const ProfileMessages = {
  limitReached: `An account has at most ${PROFILE_LIMIT} profiles.`,
  nameTaken: 'Another profile of this account already has this name.',
  lastProfile: 'An account keeps at least one profile.',
  notFound: 'Profile not found',
  kidsCannotManage: 'A kids profile cannot add, change or delete profiles.',
  kidsCannotPay: 'A kids profile cannot buy, rent or subscribe. Switch to an adult profile.',
  kidsAccountOnly:
    "A kids profile cannot open the account's billing or download its data. Switch to an adult profile.",
  kidsCeiling: 'A kids profile can only be rated U or U/A 7+.',
  pinRequired: 'This profile is locked. Enter its PIN.',
  wrongPin: (triesLeft: number) =>
    triesLeft > 0
      ? `Wrong PIN. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`
      : 'Wrong PIN. Please wait before trying again.',
  changedMeanwhile: 'The profiles changed meanwhile. Please try again.',
  /** A session that names no profile, on a route that serves a profile's data (ErrorCode.ProfileRequired). */
  chooseFirst: 'Choose a profile first.',
} as const;

const ClassificationSchema = z.enum(Classification);
export const ProfileIdSchema = objectId('must be a profile id');
export const ProfileNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(PROFILE_NAME_MAX_LENGTH, `Name must be at most ${PROFILE_NAME_MAX_LENGTH} characters`);
/** A profile lock: 4 digits, stored hashed like a password, never returned. */
export const ProfilePinSchema = z.string().regex(/^\d{4}$/, 'must be 4 digits');
/** ISO 639-1 (`hi`, `en`, `ta`…): the languages issue labels each title's tracks with these. */
const LanguageCodeSchema = z.string().regex(/^[a-z]{2}$/, 'must be a two-letter language code');

/** Issue 26: how subtitles look, per profile. Sizes and opacities in percent; colours by name (the web draws them). */
export const CAPTION_SIZES = [75, 100, 150, 200] as const;
export const CAPTION_COLORS = ['white', 'yellow', 'cyan', 'green', 'magenta'] as const;
export const CAPTION_BACKGROUNDS = [0, 50, 75, 100] as const;
export type CaptionSize = (typeof CAPTION_SIZES)[number];
export type CaptionColor = (typeof CAPTION_COLORS)[number];
export type CaptionBackground = (typeof CAPTION_BACKGROUNDS)[number];

export const CaptionStyleSchema = z
  .object({
    size: z.literal(CAPTION_SIZES),
    color: z.enum(CAPTION_COLORS),
    background: z.literal(CAPTION_BACKGROUNDS),
  })
  .strict();
export type CaptionStyle = z.infer<typeof CaptionStyleSchema>;
/** What a profile has until it chooses (and what profiles stored before issue 26 answer). */
export const DEFAULT_CAPTION_STYLE: CaptionStyle = { size: 100, color: 'white', background: 75 };

const PlaybackSettingsSchema = z
  .object({
    /** Play the next episode when one ends. */
    autoplayNext: z.boolean(),
    /** Ask "Still watching?" before playing the next one. */
    askBeforeNext: z.boolean(),
    captions: CaptionStyleSchema,
  })
  .strict();
/** A new profile's playback settings: a client from before issue 26 names no caption style. */
const NewPlaybackSettingsSchema = PlaybackSettingsSchema.extend({
  captions: CaptionStyleSchema.default(DEFAULT_CAPTION_STYLE),
});

/** A profile as clients see it: the PIN only as `locked`. */
export const ProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.enum(PROFILE_AVATARS),
  kind: z.enum(ProfileKind),
  maturityCeiling: ClassificationSchema,
  uiLanguage: z.enum(UiLanguage),
  audioLanguage: z.string(),
  /** Null: subtitles off. */
  subtitleLanguage: z.string().nullable(),
  playback: PlaybackSettingsSchema,
  locked: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

// ---- HTTP ----

const kidsCeilingRule = (value: { kind?: ProfileKind; maturityCeiling?: Classification }) =>
  value.kind !== ProfileKind.Kids ||
  value.maturityCeiling === undefined ||
  isKidsCeiling(value.maturityCeiling);

export const CreateProfileRequestSchema = z
  .object({
    name: ProfileNameSchema,
    avatar: z.enum(PROFILE_AVATARS),
    kind: z.enum(ProfileKind).default(ProfileKind.Standard),
    /** Default: A for a standard profile (the parental PIN guards A titles), U/A 7+ for a kids one. */
    maturityCeiling: ClassificationSchema.optional(),
    uiLanguage: z.enum(UiLanguage).default(UiLanguage.English),
    audioLanguage: LanguageCodeSchema.default('en'),
    subtitleLanguage: LanguageCodeSchema.nullable().default(null),
    playback: NewPlaybackSettingsSchema.default({
      autoplayNext: true,
      askBeforeNext: true,
      captions: DEFAULT_CAPTION_STYLE,
    }),
    pin: ProfilePinSchema.optional(),
  })
  .strict()
  .refine(kidsCeilingRule, { message: ProfileMessages.kidsCeiling, path: ['maturityCeiling'] });
export type CreateProfileRequest = z.infer<typeof CreateProfileRequestSchema>;

/** Any of a profile's settings; `pin: null` removes its lock. */
export const UpdateProfileRequestSchema = z
  .object({
    name: ProfileNameSchema.optional(),
    avatar: z.enum(PROFILE_AVATARS).optional(),
    kind: z.enum(ProfileKind).optional(),
    maturityCeiling: ClassificationSchema.optional(),
    uiLanguage: z.enum(UiLanguage).optional(),
    audioLanguage: LanguageCodeSchema.optional(),
    subtitleLanguage: LanguageCodeSchema.nullable().optional(),
    playback: PlaybackSettingsSchema.partial().strict().optional(),
    pin: ProfilePinSchema.nullable().optional(),
  })
  .strict()
  .refine(kidsCeilingRule, { message: ProfileMessages.kidsCeiling, path: ['maturityCeiling'] });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

export const SelectProfileRequestSchema = z.object({ pin: ProfilePinSchema.optional() }).strict();
export type SelectProfileRequest = z.infer<typeof SelectProfileRequestSchema>;

export const ProfileIdParamsSchema = z.object({ profileId: ProfileIdSchema }).strict();
export type ProfileIdParams = z.infer<typeof ProfileIdParamsSchema>;

/**
 * `GET /api/profiles`: the account's profiles, oldest first, and the one this session acts as (null: the session names
 * none and the account has to choose one).
 */
export const ProfileListSchema = z.object({
  profiles: z.array(ProfileSchema),
  currentProfileId: z.string().nullable(),
});
export type ProfileList = z.infer<typeof ProfileListSchema>;

/** A profile-scoped session: the token names the profile. */
export const ProfileSessionSchema = z.object({ token: z.string(), profile: ProfileSchema });
export type ProfileSession = z.infer<typeof ProfileSessionSchema>;

// ---- RPC (gateway → auth-service): the account and acting profile come from the session ----

const AccountIdSchema = objectId('must be a user id');
const ActingSchema = {
  accountId: AccountIdSchema,
  /** The profile the caller's session acts as (its kind decides what it may manage). */
  actingProfileId: ProfileIdSchema,
};

/** `actingProfileId` null: the session names no profile yet (Who's watching? lists the profiles to choose from). */
export const ListProfilesRpcSchema = z
  .object({ accountId: AccountIdSchema, actingProfileId: ProfileIdSchema.nullable() })
  .strict();
export type ListProfilesRpc = z.infer<typeof ListProfilesRpcSchema>;
export const CreateProfileRpcSchema = z
  .object({ ...ActingSchema, profile: CreateProfileRequestSchema })
  .strict();
export type CreateProfileRpc = z.infer<typeof CreateProfileRpcSchema>;
export const UpdateProfileRpcSchema = z
  .object({ ...ActingSchema, profileId: ProfileIdSchema, changes: UpdateProfileRequestSchema })
  .strict();
export type UpdateProfileRpc = z.infer<typeof UpdateProfileRpcSchema>;
export const DeleteProfileRpcSchema = z.object({ ...ActingSchema, profileId: ProfileIdSchema }).strict();
export type DeleteProfileRpc = z.infer<typeof DeleteProfileRpcSchema>;
/** `deviceId`: the caller's device (issue 27), which the new session joins: a profile switch adds no device. */
export const SelectProfileRpcSchema = z
  .object({
    accountId: AccountIdSchema,
    profileId: ProfileIdSchema,
    pin: ProfilePinSchema.optional(),
    deviceId: DeviceIdSchema.optional(),
  })
  .strict();
export type SelectProfileRpc = z.infer<typeof SelectProfileRpcSchema>;

export const ProfilePatterns = {
  list: 'auth.profiles.list',
  create: 'auth.profiles.create',
  update: 'auth.profiles.update',
  remove: 'auth.profiles.remove',
  /** Mints a session scoped to the profile (its PIN first, when locked). */
  select: 'auth.profiles.select',
} as const;

export const ProfileRpc = {
  list: query(ProfilePatterns.list, ListProfilesRpcSchema, ProfileListSchema),
  create: rpc(ProfilePatterns.create, CreateProfileRpcSchema, ProfileSchema),
  update: rpc(ProfilePatterns.update, UpdateProfileRpcSchema, ProfileSchema),
  remove: rpc(ProfilePatterns.remove, DeleteProfileRpcSchema, z.object({ removed: z.literal(true) })),
  select: rpc(ProfilePatterns.select, SelectProfileRpcSchema, ProfileSessionSchema),
} as const;
