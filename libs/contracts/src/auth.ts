import { z } from 'zod';
import { DeviceIdSchema, objectId } from './common';
import { AuditLogPageSchema, AuditLogQuerySchema, UserRefSchema } from './audit';
import { pageSchemaOf, PageQuerySchema } from './pagination';
import { Role, UserStatus } from './roles';
import { SessionProfileSchema } from './profiles';
import { UiLanguage } from './ui-language';
import { query, rpc } from './rpc';

/** Who is calling, as the gateway learns it from auth-service for every authenticated request. */
export const SessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(Role),
  status: z.enum(UserStatus),
  /** The session (token id) this request runs under; logout revokes it. */
  sessionId: z.string(),
  /** Issue 27: the device (sign-in) the session belongs to; its own session id for a session from before devices. */
  deviceId: z.string().optional(),
  /** DECISIONS 33: auth-service always sends it; only `true` counts as verified (the gateway's @VerifiedEmail()). */
  emailVerified: z.boolean().optional(),
  /**
   * DECISIONS 36: the profile this session acts as: the one its token names, or, for a token that names none (a
   * sign-in's, or one from before profiles), the account's only profile when it has exactly one and it is unlocked.
   * Absent otherwise: the session has to choose one (Who's watching?), and the gateway refuses it every route that
   * serves a profile's data (ErrorCode.ProfileRequired); public routes answer it as a visitor's.
   */
  profile: SessionProfileSchema.optional(),
  /** Issue 26: the account's language (mails are written in it); auth-service always sends it, absent reads as English. */
  language: z.enum(UiLanguage).optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const ResolveSessionSchema = z.object({ token: z.string().min(1).max(4096) }).strict();
export type ResolveSession = z.infer<typeof ResolveSessionSchema>;

export const AuthPatterns = {
  /** token → SessionUser; fails Unauthorized when the token is bad, expired or revoked, Forbidden when the account is not active. */
  resolveSession: 'auth.sessions.resolve',
  captchaConfig: 'auth.captcha.config',
  captchaChallenge: 'auth.captcha.challenge',
  /** A solved captcha for a form other than login (the contact form): accepted once, refused on replay. */
  verifyCaptcha: 'auth.captcha.verify',
  signup: 'auth.accounts.signup',
  login: 'auth.accounts.login',
  logout: 'auth.sessions.revoke',
  me: 'auth.accounts.me',
  setPassword: 'auth.accounts.set-password',
  forgotPassword: 'auth.reset.request',
  verifyOtp: 'auth.reset.verify',
  resetPassword: 'auth.reset.complete',
  googleSignIn: 'auth.google.sign-in',
  exchangeOAuthCode: 'auth.google.exchange',
  listUsers: 'auth.users.list',
  updateUser: 'auth.users.update',
  changeRole: 'auth.users.change-role',
  removeUser: 'auth.users.remove',
  /** DECISIONS 32: the viewer deletes their own account (password, or a fresh sign-in without one). */
  deleteOwnAccount: 'auth.accounts.delete-own',
  /** DECISIONS 32: what auth holds of the viewer, for "Download my data". */
  exportAccount: 'auth.accounts.export',
  /** DECISIONS 33: the link of the verification mail. */
  verifyEmail: 'auth.accounts.verify-email',
  /** DECISIONS 33: a new verification mail for the signed-in account (limited). */
  resendVerification: 'auth.accounts.resend-verification',
  /** Issue 26: the signed-in account's language (its mails are written in it). */
  setLanguage: 'auth.accounts.set-language',
  /** DECISIONS 34: admin actions on other admins that wait for a second admin. */
  listAdminActions: 'auth.admin-actions.list',
  confirmAdminAction: 'auth.admin-actions.confirm',
  cancelAdminAction: 'auth.admin-actions.cancel',
  /** DECISIONS 34: who did what to whom, newest first. */
  auditLog: 'auth.audit-log.list',
} as const;

/** SPEC 8: what a call without a usable token is answered. */
export const AUTH_REQUIRED_MESSAGE = 'Authentication required';

/** Password rules: SPEC shows none; 8–128 characters is the product's rule (NIST 800-63B length, no composition rules). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 40;

export const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'Please enter a valid email address' }))
  .transform((email) => email.toLowerCase());
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
export const UsernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters`)
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`);
const RoleSchema = z.enum(Role);
const StatusSchema = z.enum(UserStatus);
export const UserIdSchema = objectId('must be a user id');
export const OtpSchema = z.string().regex(/^\d{6}$/, 'must be 6 digits');

/** A user as the web app sees it (SPEC 3; `hasPassword` replaces the password field the seed checked). */
export const UserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
  status: StatusSchema,
  createdAt: z.string(),
  profileImage: z.string().nullable(),
  hasPassword: z.boolean(),
  /**
   * DECISIONS 33: the account proved it owns its email (the verification mail, or Google). Auth-service always sends
   * it; optional only so a session stored before it existed still reads. An unverified account cannot pay.
   */
  emailVerified: z.boolean().optional(),
  /**
   * Issue 26: the account's language, in which its mails are written and which a device without a choice of its own
   * adopts at sign-in. Auth-service always sends it; optional only so a session stored before it existed still reads.
   */
  language: z.enum(UiLanguage).optional(),
});
export type User = z.infer<typeof UserSchema>;

/** Texts the server answers with (SPEC 8 where it has one); the web app shows `message`. */
export const AuthMessages = {
  noPermission: 'You do not have permission to do this',
  ownAccountOnly: 'You can only reach your own account',
  signInFirst: 'Please sign in',
  googleNotConfigured: 'Google sign-in is not configured',
  registered: 'User registered successfully!',
  emailTaken: 'Email is already registered',
  loggedIn: 'Login successful',
  invalidCredentials: 'Invalid email or password',
  captchaFailed: 'Captcha verification failed',
  suspended: 'Your account is suspended',
  banned: 'Your account is banned',
  adminRequired: 'Admin access required',
  sessionExpired: 'Your session has expired. Please sign in again.',
  passwordSet: 'Password set successfully',
  passwordAlreadySet: 'A password is already set. Use Forgot Password to change it.',
  otpSent: 'OTP sent to your email.',
  otpVerified: 'OTP verified. Enter your new password.',
  otpInvalid: 'Invalid OTP',
  otpExpired: 'OTP expired. Please request a new one.',
  passwordReset: 'Password reset successful! You can now log in.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  /** The forgot-password code limit (3 codes per email in 15 minutes) when a resend hits it. */
  otpRequestLimit:
    'You have asked for 3 codes in the last 15 minutes. Use the latest code, or ask again in 15 minutes.',
  oauthCodeInvalid: 'Sign in failed. Please try again.',
  googleEmailUnverified: 'Your Google email address is not verified',
  userNotFound: 'User not found',
  userUpdated: 'User updated successfully',
  userRemoved: 'User removed successfully',
  cannotDemoteSelf: 'You cannot remove your own admin role',
  cannotDeleteSelf: 'You cannot remove your own account',
  cannotChangeOwnStatus: 'You cannot change your own status',
  verificationSent: 'We sent a verification link to your email.',
  emailVerified: 'Your email is verified.',
  emailAlreadyVerified: 'Your email is already verified.',
  verificationLinkInvalid: 'This verification link is invalid or has expired.',
  emailNotVerified: 'Please verify your email before paying.',
} as const;

// ---- HTTP bodies (the gateway validates them; auth-service validates the RPC payloads built from them) ----

/** Issue 26: the account's language, 'en' or 'hi'. */
const AccountLanguageSchema = z.enum(UiLanguage, {
  error: "language must be 'en' (English) or 'hi' (Hindi)",
});

/** `language`: the interface's at sign-up, so the verification mail is already in it (English when absent). */
export const SignupRequestSchema = z
  .object({
    username: UsernameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    language: AccountLanguageSchema.optional(),
  })
  .strict();
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/** `recaptchaToken` carries the ALTCHA payload or the reCAPTCHA response (SPEC 7 keeps the field name). */
export const LoginRequestSchema = z
  .object({
    email: EmailSchema,
    // Not the password rules: an old account may predate them; a wrong password is just "invalid".
    password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
    recaptchaToken: z.string().max(8192).optional(),
  })
  .strict();
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** `signOutOthers`: every other device of the account is signed out with it (issue 27). */
export const SetPasswordRequestSchema = z
  .object({ newPassword: PasswordSchema, signOutOthers: z.boolean().optional() })
  .strict();
export type SetPasswordRequest = z.infer<typeof SetPasswordRequestSchema>;

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema }).strict();
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const VerifyOtpRequestSchema = z.object({ email: EmailSchema, otp: OtpSchema }).strict();
export type VerifyOtpRequest = z.infer<typeof VerifyOtpRequestSchema>;

export const ResetPasswordRequestSchema = z
  .object({ email: EmailSchema, otp: OtpSchema, newPassword: PasswordSchema })
  .strict();
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

export const OAuthExchangeRequestSchema = z
  .object({ code: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'must be a sign-in code') })
  .strict();
export type OAuthExchangeRequest = z.infer<typeof OAuthExchangeRequestSchema>;

/** The token of the verification mail's link (`/verify-email?token=…`): 32 random bytes, hex. */
export const EmailVerificationTokenSchema = z
  .string()
  .regex(/^[a-f0-9]{64}$/, 'must be a verification token');
export const VerifyEmailRequestSchema = z.object({ token: EmailVerificationTokenSchema }).strict();
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

export const UpdateUserRequestSchema = z
  .object({
    username: UsernameSchema.optional(),
    email: EmailSchema.optional(),
    status: StatusSchema.optional(),
  })
  .strict();
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

export const ChangeRoleRequestSchema = z.object({ role: RoleSchema }).strict();
export type ChangeRoleRequest = z.infer<typeof ChangeRoleRequestSchema>;

/** Issue 26: the signed-in account's language; anything but 'en' or 'hi' is a 400. */
export const SetLanguageRequestSchema = z.object({ language: AccountLanguageSchema }).strict();
export type SetLanguageRequest = z.infer<typeof SetLanguageRequestSchema>;

export const UserIdParamsSchema = z.object({ id: UserIdSchema }).strict();
export type UserIdParams = z.infer<typeof UserIdParamsSchema>;

// ---- HTTP answers ----

export const CaptchaProvider = { Altcha: 'altcha', Recaptcha: 'recaptcha' } as const;
export type CaptchaProvider = (typeof CaptchaProvider)[keyof typeof CaptchaProvider];
export const CAPTCHA_CHALLENGE_PATH = '/api/auth/captcha/challenge';

export const CaptchaConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal(CaptchaProvider.Altcha), challengeUrl: z.string() }),
  z.object({ provider: z.literal(CaptchaProvider.Recaptcha), siteKey: z.string() }),
]);
export type CaptchaConfig = z.infer<typeof CaptchaConfigSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
export const LoginResponseSchema = z.object({ message: z.string(), token: z.string(), user: UserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
export const SessionTokenSchema = z.object({ token: z.string(), user: UserSchema });
export type SessionToken = z.infer<typeof SessionTokenSchema>;
/** `GET /api/users?page&pageSize`: paged like the movie list, inside SPEC's `{ success, data }` envelope. */
export const ListUsersQuerySchema = PageQuerySchema;
export type ListUsersQuery = z.infer<typeof ListUsersQuerySchema>;
export const UserPageSchema = pageSchemaOf(UserSchema);
export type UserPage = z.infer<typeof UserPageSchema>;
/** The gateway adds SPEC's envelopes; auth-service answers the data alone. */
export type UserList = { success: true } & UserPage;
export type UserUpdated = { success: true; data: User; message?: string };
export type UserRemoved = { success: true; message: string };

// ---- RPC payloads (gateway → auth-service) ----

/** The caller's IP travels with every rate-limited call (limits are per email and per client). */
const ClientIpSchema = z.string().min(1).max(64);
/** Issue 27: the User-Agent the gateway passes on at sign-in, cut to this many characters (it only names the device). */
export const USER_AGENT_MAX_LENGTH = 512;
export const UserAgentSchema = z.string().max(USER_AGENT_MAX_LENGTH);

export const SignupRpcSchema = SignupRequestSchema.extend({ clientIp: ClientIpSchema }).strict();
export type SignupRpc = z.infer<typeof SignupRpcSchema>;
export const LoginRpcSchema = LoginRequestSchema.extend({
  clientIp: ClientIpSchema,
  adminOnly: z.boolean(),
  userAgent: UserAgentSchema.optional(),
}).strict();
export type LoginRpc = z.infer<typeof LoginRpcSchema>;
/** The captcha token a form sent (`recaptchaToken`) and the client it came from (reCAPTCHA's `remoteip`). */
export const VerifyCaptchaRpcSchema = z
  .object({ token: z.string().min(1).max(8192), clientIp: ClientIpSchema })
  .strict();
export type VerifyCaptchaRpc = z.infer<typeof VerifyCaptchaRpcSchema>;
export const ForgotPasswordRpcSchema = ForgotPasswordRequestSchema.extend({
  clientIp: ClientIpSchema,
}).strict();
export type ForgotPasswordRpc = z.infer<typeof ForgotPasswordRpcSchema>;
export const VerifyOtpRpcSchema = VerifyOtpRequestSchema.extend({ clientIp: ClientIpSchema }).strict();
export type VerifyOtpRpc = z.infer<typeof VerifyOtpRpcSchema>;
export const ResetPasswordRpcSchema = ResetPasswordRequestSchema.extend({
  clientIp: ClientIpSchema,
}).strict();
export type ResetPasswordRpc = z.infer<typeof ResetPasswordRpcSchema>;
/**
 * Login CSRF (issue 14): the gateway binds each one-time OAuth code to the browser that came back from Google with a
 * random nonce in an HttpOnly cookie. Auth-service keeps only the nonce's SHA-256 (hex) with the code…
 */
const BrowserBindingHashSchema = z.string().regex(/^[a-f0-9]{64}$/, 'must be a SHA-256 digest');
/** …and the exchange must bring the nonce itself (the cookie's value: 32 bytes, base64url). */
export const BrowserBindingSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a browser binding');
export const ExchangeOAuthCodeRpcSchema = OAuthExchangeRequestSchema.extend({
  browserBinding: BrowserBindingSchema,
  clientIp: ClientIpSchema.optional(),
  userAgent: UserAgentSchema.optional(),
}).strict();
export type ExchangeOAuthCodeRpc = z.infer<typeof ExchangeOAuthCodeRpcSchema>;
export const SessionIdRpcSchema = z.object({ sessionId: z.string().min(1).max(64) }).strict();
export type SessionIdRpc = z.infer<typeof SessionIdRpcSchema>;
export const UserIdRpcSchema = z.object({ userId: UserIdSchema }).strict();
export type UserIdRpc = z.infer<typeof UserIdRpcSchema>;
export const SetLanguageRpcSchema = SetLanguageRequestSchema.extend({ userId: UserIdSchema }).strict();
export type SetLanguageRpc = z.infer<typeof SetLanguageRpcSchema>;
/** `deviceId`: the caller's device, kept by `signOutOthers`. */
export const SetPasswordRpcSchema = SetPasswordRequestSchema.extend({
  userId: UserIdSchema,
  deviceId: DeviceIdSchema.optional(),
}).strict();
export type SetPasswordRpc = z.infer<typeof SetPasswordRpcSchema>;
/** What the gateway learned from Google (a verified profile), to create or link the account. */
export const GoogleSignInRpcSchema = z
  .object({
    googleId: z.string().min(1).max(255),
    email: EmailSchema,
    emailVerified: z.boolean(),
    displayName: z.string().max(200).nullable(),
    picture: z.string().max(2048).nullable(),
    browserBindingHash: BrowserBindingHashSchema,
  })
  .strict();
export type GoogleSignInRpc = z.infer<typeof GoogleSignInRpcSchema>;
export const OAuthCodeSchema = z.object({ code: z.string() });
export type OAuthCode = z.infer<typeof OAuthCodeSchema>;
export const UpdateUserRpcSchema = UpdateUserRequestSchema.extend({
  actorId: UserIdSchema,
  userId: UserIdSchema,
}).strict();
export type UpdateUserRpc = z.infer<typeof UpdateUserRpcSchema>;
export const ChangeRoleRpcSchema = ChangeRoleRequestSchema.extend({
  actorId: UserIdSchema,
  userId: UserIdSchema,
}).strict();
export type ChangeRoleRpc = z.infer<typeof ChangeRoleRpcSchema>;
export const RemoveUserRpcSchema = z.object({ actorId: UserIdSchema, userId: UserIdSchema }).strict();
export type RemoveUserRpc = z.infer<typeof RemoveUserRpcSchema>;
export const EmptyRpcSchema = z.object({}).strict();
/** The viewer's own deletion: `sessionIssuedAt` (the token's `iat`, ISO) proves a fresh sign-in when there is no password. */
export const DeleteOwnAccountRpcSchema = z
  .object({
    userId: UserIdSchema,
    password: z.string().max(128).optional(),
    sessionIssuedAt: z.iso.datetime(),
  })
  .strict();
export type DeleteOwnAccountRpc = z.infer<typeof DeleteOwnAccountRpcSchema>;
/** Everything auth stores about one account, secrets left out (no hash, no OTP, no token ids). */
export const AccountExportSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
  status: StatusSchema,
  createdAt: z.string(),
  profileImage: z.string().nullable(),
  hasPassword: z.boolean(),
  emailVerified: z.boolean().optional(),
  googleLinked: z.boolean(),
  /** Issue 25: the account holder's declared date of birth (YYYY-MM-DD), once declared. */
  dateOfBirth: z.string().optional(),
  /** Issue 26: the language its mails are written in. */
  language: z.enum(UiLanguage),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

/** The ALTCHA v2 challenge the widget solves (altcha-lib's `Challenge`); null when reCAPTCHA is configured. */
export const CaptchaChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      memoryCost: z.number().optional(),
      parallelism: z.number().optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().optional(),
    codeChallenge: z
      .object({ image: z.string(), audio: z.string().optional(), length: z.number().optional() })
      .optional(),
  })
  .nullable();
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

// ---- Peer admins (DECISIONS 34): actions on another admin wait for a second admin; an audit log of them all ----

/** What an admin asked to do to another admin (or to make a user an admin), which a second admin must confirm. */
export const AdminActionKind = {
  Promote: 'promote',
  Demote: 'demote',
  Ban: 'ban',
  Remove: 'remove',
} as const;
export type AdminActionKind = (typeof AdminActionKind)[keyof typeof AdminActionKind];
export const AdminActionStatus = {
  Pending: 'pending',
  Confirmed: 'confirmed',
  Cancelled: 'cancelled',
  /** Confirmed, but the change was refused when it ran (the last-admin rule). */
  Refused: 'refused',
  Expired: 'expired',
} as const;
export type AdminActionStatus = (typeof AdminActionStatus)[keyof typeof AdminActionStatus];
/** How long a request waits for its second admin. */
export const ADMIN_ACTION_TTL_HOURS = 24;

export const AdminMessages = {
  lastAdmin:
    'The last active admin cannot be demoted, suspended, banned or removed. Make another user an admin first.',
  awaitingConfirmation: 'Another admin must confirm this before it takes effect.',
  alreadyPending: 'Another change to this admin is already waiting for confirmation.',
  cannotConfirmOwn: 'Another admin must confirm your request.',
  actionExpired: 'This request has expired. Ask again.',
  actionClosed: 'This request is no longer waiting for confirmation.',
  actionNotFound: 'Admin action not found',
  confirmed: 'Confirmed: the change took effect.',
  cancelled: 'Request cancelled.',
  banAlone: 'Ban an admin on its own, without other changes in the same edit.',
  changedMeanwhile: 'This user changed meanwhile. Please try again.',
} as const;

const AdminActionKindSchema = z.enum(AdminActionKind);

export const AdminActionSchema = z.object({
  id: z.string(),
  kind: AdminActionKindSchema,
  target: UserRefSchema,
  requestedBy: UserRefSchema,
  requestedAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(AdminActionStatus),
  /** Who confirmed or cancelled it, and when. */
  decidedBy: UserRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** Why it was refused when confirmed. */
  reason: z.string().nullable(),
});
export type AdminAction = z.infer<typeof AdminActionSchema>;
export const AdminActionListSchema = z.array(AdminActionSchema);

export const AdminActionIdSchema = objectId('must be an admin action id');
export const AdminActionIdParamsSchema = z.object({ id: AdminActionIdSchema }).strict();
export type AdminActionIdParams = z.infer<typeof AdminActionIdParamsSchema>;
export const AdminActionDecisionRpcSchema = z
  .object({ actorId: UserIdSchema, actionId: AdminActionIdSchema })
  .strict();
export type AdminActionDecisionRpc = z.infer<typeof AdminActionDecisionRpcSchema>;

/** The answer of a change to a user: applied at once, or waiting for a second admin (HTTP 202). */
export const UserChangeOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('applied'), user: UserSchema }),
  z.object({ outcome: z.literal('pending'), action: AdminActionSchema }),
]);
export type UserChangeOutcome = z.infer<typeof UserChangeOutcomeSchema>;
export const RemovalOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('applied') }),
  z.object({ outcome: z.literal('pending'), action: AdminActionSchema }),
]);
export type RemovalOutcome = z.infer<typeof RemovalOutcomeSchema>;

/** HTTP 202 of PUT /api/users/{id}, PUT /api/users/{id}/role and DELETE /api/users/{id} on another admin. */
export const AdminActionPendingSchema = z.object({
  success: z.literal(true),
  action: AdminActionSchema,
  message: z.string(),
});
export type AdminActionPending = z.infer<typeof AdminActionPendingSchema>;
/** HTTP 200 of a confirmation or a cancellation. */
export const AdminActionDecidedSchema = z.object({
  success: z.literal(true),
  data: AdminActionSchema,
  message: z.string(),
});
export type AdminActionDecided = z.infer<typeof AdminActionDecidedSchema>;
export const AdminActionListReplySchema = z.object({ data: AdminActionListSchema });
export type AdminActionList = z.infer<typeof AdminActionListReplySchema>;

/** Every RPC of auth-service: pattern, payload and reply (see `rpc`). */
export const AuthRpc = {
  resolveSession: query(AuthPatterns.resolveSession, ResolveSessionSchema, SessionUserSchema),
  captchaConfig: query(AuthPatterns.captchaConfig, EmptyRpcSchema, CaptchaConfigSchema),
  captchaChallenge: query(AuthPatterns.captchaChallenge, EmptyRpcSchema, CaptchaChallengeSchema),
  verifyCaptcha: rpc(
    AuthPatterns.verifyCaptcha,
    VerifyCaptchaRpcSchema,
    z.object({ verified: z.literal(true) }),
  ),
  signup: rpc(AuthPatterns.signup, SignupRpcSchema, MessageResponseSchema),
  login: rpc(AuthPatterns.login, LoginRpcSchema, LoginResponseSchema),
  logout: rpc(AuthPatterns.logout, SessionIdRpcSchema, z.object({ revoked: z.literal(true) })),
  me: query(AuthPatterns.me, UserIdRpcSchema, UserSchema),
  setPassword: rpc(AuthPatterns.setPassword, SetPasswordRpcSchema, MessageResponseSchema),
  forgotPassword: rpc(AuthPatterns.forgotPassword, ForgotPasswordRpcSchema, MessageResponseSchema),
  verifyOtp: rpc(AuthPatterns.verifyOtp, VerifyOtpRpcSchema, MessageResponseSchema),
  resetPassword: rpc(AuthPatterns.resetPassword, ResetPasswordRpcSchema, MessageResponseSchema),
  googleSignIn: rpc(AuthPatterns.googleSignIn, GoogleSignInRpcSchema, OAuthCodeSchema),
  exchangeOAuthCode: rpc(AuthPatterns.exchangeOAuthCode, ExchangeOAuthCodeRpcSchema, SessionTokenSchema),
  listUsers: query(AuthPatterns.listUsers, ListUsersQuerySchema, UserPageSchema),
  updateUser: rpc(AuthPatterns.updateUser, UpdateUserRpcSchema, UserChangeOutcomeSchema),
  changeRole: rpc(AuthPatterns.changeRole, ChangeRoleRpcSchema, UserChangeOutcomeSchema),
  removeUser: rpc(AuthPatterns.removeUser, RemoveUserRpcSchema, RemovalOutcomeSchema),
  deleteOwnAccount: rpc(
    AuthPatterns.deleteOwnAccount,
    DeleteOwnAccountRpcSchema,
    z.object({ removed: z.literal(true) }),
  ),
  exportAccount: query(AuthPatterns.exportAccount, UserIdRpcSchema, AccountExportSchema),
  verifyEmail: rpc(AuthPatterns.verifyEmail, VerifyEmailRequestSchema, MessageResponseSchema),
  resendVerification: rpc(AuthPatterns.resendVerification, UserIdRpcSchema, MessageResponseSchema),
  setLanguage: rpc(AuthPatterns.setLanguage, SetLanguageRpcSchema, UserSchema),
  listAdminActions: query(AuthPatterns.listAdminActions, EmptyRpcSchema, AdminActionListSchema),
  confirmAdminAction: rpc(AuthPatterns.confirmAdminAction, AdminActionDecisionRpcSchema, AdminActionSchema),
  cancelAdminAction: rpc(AuthPatterns.cancelAdminAction, AdminActionDecisionRpcSchema, AdminActionSchema),
  auditLog: query(AuthPatterns.auditLog, AuditLogQuerySchema, AuditLogPageSchema),
} as const;
