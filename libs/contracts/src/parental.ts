import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, OtpSchema } from './auth';
import { Classification } from './classification';
import { objectId } from './common';
import { ProfilePinSchema } from './profiles';
import { query, rpc } from './rpc';
import { ProfileKind } from './profile-kind';

/**
 * Issue 25, DECISIONS 37: the account's parental controls. One 4-digit parental PIN for the whole account (hashed, 5
 * wrong tries then a growing wait), set after re-entering the account password (or an emailed OTP when it is
 * forgotten); once set, playing a title at or above `pinFrom` on a non-kids profile needs it. A titles need the
 * account holder's declaration of being 18 or older (date of birth, asked once).
 */

/** The class from which the parental PIN is asked until the parent chooses another (DECISIONS 37). */
export const DEFAULT_PIN_FROM: Classification = Classification.A;
/** The age an A title needs the account holder to have declared (IT Rules 2021). */
export const ADULT_AGE = 18;

/** A kids profile's refusal on the parental routes (`KidsRefusal` 'parental'). */
export const KIDS_PARENTAL_REFUSAL = "A kids profile cannot open or change the account's parental controls.";

export const ParentalMessages = {
  pinRequired: 'Enter the parental PIN to play this title.',
  wrongPin: (triesLeft: number) =>
    triesLeft > 0
      ? `Wrong parental PIN. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`
      : 'Wrong parental PIN. Please wait before trying again.',
  ageRequired: 'A titles are for adults. Confirm your date of birth to watch.',
  underAge: 'A titles are only for viewers 18 or older.',
  wrongPassword: 'Your password is incorrect.',
  proofRequired: 'Enter your account password, or the code we emailed you.',
  noPassword: 'Your account has no password: ask for a code by email instead.',
  codeInvalid: 'The code is wrong or has expired. Ask for a new one.',
  futureDate: 'Enter your real date of birth.',
} as const;

/** A parental PIN: 4 digits like a profile's lock (one rule for both); stored hashed, never returned. */
export const ParentalPinSchema = ProfilePinSchema;

/** What `GET /api/parental` answers: the settings, never the PIN. */
export const ParentalSettingsSchema = z.object({
  pinSet: z.boolean(),
  /** Playing titles of this class and above on a non-kids profile asks for the PIN (once it is set). */
  pinFrom: z.enum(Classification),
  /** The account holder declared being 18 or older: A titles may play. */
  adultDeclared: z.boolean(),
});
export type ParentalSettings = z.infer<typeof ParentalSettingsSchema>;

/**
 * `PUT /api/parental`: the PIN and/or the class it guards from, proved by the account password (or, when it is
 * forgotten or there is none, the 6-digit code `POST /api/auth/forgot-password` mailed to the account's address).
 */
export const UpdateParentalRequestSchema = z
  .object({
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
    otp: OtpSchema.optional(),
    pin: ParentalPinSchema.optional(),
    pinFrom: z.enum(Classification).optional(),
  })
  .strict()
  .refine(({ pin, pinFrom }) => pin !== undefined || pinFrom !== undefined, {
    message: 'Nothing to change',
    path: ['pin'],
  });
export type UpdateParentalRequest = z.infer<typeof UpdateParentalRequestSchema>;

/** `POST /api/parental/age`: the account holder's date of birth (YYYY-MM-DD). */
export const DeclareAgeRequestSchema = z.object({ dateOfBirth: z.iso.date() }).strict();
export type DeclareAgeRequest = z.infer<typeof DeclareAgeRequestSchema>;

// ---- RPC (gateway → auth-service) ----

const AccountIdSchema = objectId('must be a user id');

export const ParentalSettingsRpcSchema = z.object({ accountId: AccountIdSchema }).strict();
export type ParentalSettingsRpc = z.infer<typeof ParentalSettingsRpcSchema>;
export const UpdateParentalRpcSchema = z
  .object({
    accountId: AccountIdSchema,
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
    otp: OtpSchema.optional(),
    pin: ParentalPinSchema.optional(),
    pinFrom: z.enum(Classification).optional(),
    clientIp: z.string().min(1).max(64),
  })
  .strict();
export type UpdateParentalRpc = z.infer<typeof UpdateParentalRpcSchema>;
export const DeclareAgeRpcSchema = z
  .object({ accountId: AccountIdSchema, dateOfBirth: z.iso.date() })
  .strict();
export type DeclareAgeRpc = z.infer<typeof DeclareAgeRpcSchema>;
/**
 * The parental PIN, once given for a title (a movie, or a series' episodes) in one session, holds for a sitting:
 * the next episode does not ask again. A new PIN, another session or another title asks again.
 */
export const PARENTAL_SITTING_MS = 3 * 3_600_000;

/** Before a stream link is issued: may this profile of the account play a title of this class (with this PIN)? */
export const ParentalCheckRpcSchema = z
  .object({
    accountId: AccountIdSchema,
    profileKind: z.enum(ProfileKind),
    classification: z.enum(Classification),
    pin: ParentalPinSchema.optional(),
    /** The session and the title (a series' id for its episodes) a PIN given now holds for (a sitting). */
    sitting: z
      .object({ sessionId: z.string().min(1).max(128), titleId: z.string().min(1).max(64) })
      .strict()
      .optional(),
  })
  .strict();
export type ParentalCheckRpc = z.infer<typeof ParentalCheckRpcSchema>;

export const ParentalPatterns = {
  settings: 'auth.parental.settings',
  update: 'auth.parental.update',
  declareAge: 'auth.parental.declare-age',
  /** Answers `{ allowed: true }`, or refuses: 403 AGE_DECLARATION_REQUIRED, 403 PARENTAL_PIN_REQUIRED, 429. */
  check: 'auth.parental.check',
} as const;

export const ParentalRpc = {
  settings: query(ParentalPatterns.settings, ParentalSettingsRpcSchema, ParentalSettingsSchema),
  update: rpc(ParentalPatterns.update, UpdateParentalRpcSchema, ParentalSettingsSchema),
  declareAge: rpc(ParentalPatterns.declareAge, DeclareAgeRpcSchema, ParentalSettingsSchema),
  check: rpc(ParentalPatterns.check, ParentalCheckRpcSchema, z.object({ allowed: z.literal(true) })),
} as const;
