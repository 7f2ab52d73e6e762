import { z } from 'zod';
import { objectId } from './common';
import { pageSchemaOf, PageQuerySchema } from './pagination';
import { Role, UserStatus } from './roles';
import { rpc } from './rpc';

/** Who is calling, as the gateway learns it from auth-service for every authenticated request. */
export const SessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum([Role.User, Role.Admin]),
  status: z.enum([UserStatus.Active, UserStatus.Suspended, UserStatus.Banned]),
  /** The session (token id) this request runs under; logout revokes it. */
  sessionId: z.string(),
  /** DECISIONS 33: auth-service always sends it; only `true` counts as verified (the gateway's @VerifiedEmail()). */
  emailVerified: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const ResolveSessionSchema = z.object({ token: z.string().min(1).max(4096) }).strict();
export type ResolveSession = z.infer<typeof ResolveSessionSchema>;

export const AuthPatterns = {
  /** token → SessionUser; fails Unauthorized when the token is bad, expired or revoked, Forbidden when the account is not active. */
  resolveSession: 'auth.sessions.resolve',
  captchaConfig: 'auth.captcha.config',
  captchaChallenge: 'auth.captcha.challenge',
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
const RoleSchema = z.enum([Role.User, Role.Admin]);
const StatusSchema = z.enum([UserStatus.Active, UserStatus.Suspended, UserStatus.Banned]);
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
});
export type User = z.infer<typeof UserSchema>;

/** Texts the server answers with (SPEC 8 where it has one); the web app shows `message`. */
export const AuthMessages = {
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

export const SignupRequestSchema = z
  .object({ username: UsernameSchema, email: EmailSchema, password: PasswordSchema })
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

export const SetPasswordRequestSchema = z.object({ newPassword: PasswordSchema }).strict();
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

export const SignupRpcSchema = SignupRequestSchema.extend({ clientIp: ClientIpSchema }).strict();
export type SignupRpc = z.infer<typeof SignupRpcSchema>;
export const LoginRpcSchema = LoginRequestSchema.extend({
  clientIp: ClientIpSchema,
  adminOnly: z.boolean(),
}).strict();
export type LoginRpc = z.infer<typeof LoginRpcSchema>;
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
}).strict();
export type ExchangeOAuthCodeRpc = z.infer<typeof ExchangeOAuthCodeRpcSchema>;
export const SessionIdRpcSchema = z.object({ sessionId: z.string().min(1).max(64) }).strict();
export type SessionIdRpc = z.infer<typeof SessionIdRpcSchema>;
export const UserIdRpcSchema = z.object({ userId: UserIdSchema }).strict();
export type UserIdRpc = z.infer<typeof UserIdRpcSchema>;
export const SetPasswordRpcSchema = SetPasswordRequestSchema.extend({ userId: UserIdSchema }).strict();
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

/** Every RPC of auth-service: pattern, payload and reply (see `rpc`). */
export const AuthRpc = {
  resolveSession: rpc(AuthPatterns.resolveSession, ResolveSessionSchema, SessionUserSchema),
  captchaConfig: rpc(AuthPatterns.captchaConfig, EmptyRpcSchema, CaptchaConfigSchema),
  captchaChallenge: rpc(AuthPatterns.captchaChallenge, EmptyRpcSchema, CaptchaChallengeSchema),
  signup: rpc(AuthPatterns.signup, SignupRpcSchema, MessageResponseSchema),
  login: rpc(AuthPatterns.login, LoginRpcSchema, LoginResponseSchema),
  logout: rpc(AuthPatterns.logout, SessionIdRpcSchema, z.object({ revoked: z.literal(true) })),
  me: rpc(AuthPatterns.me, UserIdRpcSchema, UserSchema),
  setPassword: rpc(AuthPatterns.setPassword, SetPasswordRpcSchema, MessageResponseSchema),
  forgotPassword: rpc(AuthPatterns.forgotPassword, ForgotPasswordRpcSchema, MessageResponseSchema),
  verifyOtp: rpc(AuthPatterns.verifyOtp, VerifyOtpRpcSchema, MessageResponseSchema),
  resetPassword: rpc(AuthPatterns.resetPassword, ResetPasswordRpcSchema, MessageResponseSchema),
  googleSignIn: rpc(AuthPatterns.googleSignIn, GoogleSignInRpcSchema, OAuthCodeSchema),
  exchangeOAuthCode: rpc(AuthPatterns.exchangeOAuthCode, ExchangeOAuthCodeRpcSchema, SessionTokenSchema),
  listUsers: rpc(AuthPatterns.listUsers, ListUsersQuerySchema, UserPageSchema),
  updateUser: rpc(AuthPatterns.updateUser, UpdateUserRpcSchema, UserSchema),
  changeRole: rpc(AuthPatterns.changeRole, ChangeRoleRpcSchema, UserSchema),
  removeUser: rpc(AuthPatterns.removeUser, RemoveUserRpcSchema, z.object({ removed: z.literal(true) })),
  deleteOwnAccount: rpc(
    AuthPatterns.deleteOwnAccount,
    DeleteOwnAccountRpcSchema,
    z.object({ removed: z.literal(true) }),
  ),
  exportAccount: rpc(AuthPatterns.exportAccount, UserIdRpcSchema, AccountExportSchema),
  verifyEmail: rpc(AuthPatterns.verifyEmail, VerifyEmailRequestSchema, MessageResponseSchema),
  resendVerification: rpc(AuthPatterns.resendVerification, UserIdRpcSchema, MessageResponseSchema),
} as const;
