import { z } from 'zod';
import { AuditLogQuerySchema } from '../audit';
import {
  ADMIN_ACTION_TTL_HOURS,
  AdminActionIdParamsSchema,
  AuthMessages,
  CaptchaConfigSchema,
  ChangeRoleRequestSchema,
  ForgotPasswordRequestSchema,
  ListUsersQuerySchema,
  LoginRequestSchema,
  LoginResponseSchema,
  OAuthExchangeRequestSchema,
  ResetPasswordRequestSchema,
  SessionTokenSchema,
  SetLanguageRequestSchema,
  SetPasswordRequestSchema,
  SignupRequestSchema,
  UpdateUserRequestSchema,
  UserIdParamsSchema,
  UserSchema,
  VerifyEmailRequestSchema,
  VerifyOtpRequestSchema,
} from '../auth';
import {
  AdminActionDecidedReply,
  AdminActionListReply,
  AdminActionPendingReply,
  AuditLogPageReply,
  CaptchaChallengeReply,
  MessageReply,
  UserListReply,
  UserRemovedReply,
  UserUpdatedReply,
} from './replies';
import { json, noContent, route } from './route';

/** A schema-valid request whose captcha does not pass: 403, never the 400 of input that breaks its schema. */
export const captchaRefused = `${AuthMessages.captchaFailed}: the captcha (recaptchaToken) is missing, wrong, expired or already used`;
const signInErrors = {
  401: 'Invalid email or password',
  403: `${captchaRefused}; or the account is suspended or banned`,
  429: 'Too many attempts from this address, or for this email from this address (growing delays)',
} as const;
/**
 * An OTP that does not pass: 400 with SPEC's words (not 401, which the web app reads as "your session is over" on a
 * call that carried a token: a signed-in viewer mistyping a code must not be signed out).
 */
const otpErrors = {
  400: `Invalid input; ${AuthMessages.otpInvalid}; or ${AuthMessages.otpExpired} (none was requested, or it was used or timed out)`,
  429: 'Too many attempts from this address, or 5 attempts for this email (counted across resends)',
} as const;
/** DECISIONS 34, for the admin user routes. */
const lastActiveAdmin = 'the last active admin (never demoted, suspended, banned or removed)';
const banWaits = 'Banning another admin waits for a second admin';
const googleNotConfigured = 'Google sign-in is not configured';

/** Passport reads these; anything else in the query is ignored. */
const GoogleCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

/** Sign-in, sign-out, the captcha, passwords and email verification of `/api/auth`. */
export const AuthRoutes = {
  captcha: route({
    method: 'get',
    path: '/api/auth/captcha',
    tag: 'auth',
    access: 'public',
    summary:
      "Which captcha the login forms show: { provider: 'altcha', challengeUrl } or { provider: 'recaptcha', siteKey }",
    ok: json(200, CaptchaConfigSchema),
  }),
  challenge: route({
    method: 'get',
    path: '/api/auth/captcha/challenge',
    tag: 'auth',
    access: 'public',
    summary: 'A new ALTCHA challenge for the altcha widget',
    ok: json(200, CaptchaChallengeReply),
  }),
  login: route({
    method: 'post',
    path: '/api/auth/login',
    tag: 'auth',
    access: 'public',
    summary:
      'Sign in with email, password and the solved captcha (recaptchaToken) → { message, token, user }',
    body: LoginRequestSchema,
    ok: json(200, LoginResponseSchema),
    errors: signInErrors,
  }),
  adminLogin: route({
    method: 'post',
    path: '/api/auth/admin/login',
    tag: 'auth',
    access: 'public',
    summary: 'Admin sign-in: as login, and 403 "Admin access required" for a non-admin',
    body: LoginRequestSchema,
    ok: json(200, LoginResponseSchema),
    errors: {
      ...signInErrors,
      403: `${captchaRefused}; or Admin access required; or the account is suspended or banned`,
    },
  }),
  logout: route({
    method: 'post',
    path: '/api/auth/logout',
    tag: 'auth',
    access: 'user',
    beforeProfile: true,
    summary: 'Revokes the session of the token used',
    ok: noContent,
  }),
  forgotPassword: route({
    method: 'post',
    path: '/api/auth/forgot-password',
    tag: 'auth',
    access: 'public',
    summary: 'Mails a 6-digit OTP; the same answer whether or not the email exists',
    body: ForgotPasswordRequestSchema,
    ok: json(200, MessageReply),
    errors: { 429: 'Too many OTP requests from this address or for this email' },
  }),
  verifyOtp: route({
    method: 'post',
    path: '/api/auth/verify-otp',
    tag: 'auth',
    access: 'public',
    summary: 'Checks the OTP mailed by forgot-password',
    body: VerifyOtpRequestSchema,
    ok: json(200, MessageReply),
    errors: otpErrors,
  }),
  resetPassword: route({
    method: 'post',
    path: '/api/auth/reset-password',
    tag: 'auth',
    access: 'public',
    summary: 'Sets a new password with the OTP mailed by forgot-password',
    body: ResetPasswordRequestSchema,
    ok: json(200, MessageReply),
    errors: otpErrors,
  }),
  exchange: route({
    method: 'post',
    path: '/api/auth/oauth/exchange',
    tag: 'auth',
    access: 'public',
    summary:
      "Swaps the one-time code from /oauth-success?token=… (60 s, single use) for { token, user }; only from the browser whose HttpOnly binding cookie Google's callback set",
    body: OAuthExchangeRequestSchema,
    ok: json(200, SessionTokenSchema),
    errors: {
      401: 'The code is unknown, used or expired, or the browser lacks the binding cookie of its sign-in',
      403: 'The account is suspended or banned',
    },
  }),
  verifyEmail: route({
    method: 'post',
    path: '/api/auth/verify-email',
    tag: 'auth',
    access: 'public',
    summary:
      "Verifies the account email with the token of the mailed link (/verify-email?token=…; 24 h, single use); a used link opened again answers 'Your email is already verified.' while the address is the account's and verified",
    body: VerifyEmailRequestSchema,
    ok: json(200, MessageReply),
    errors: {
      400: `Invalid input, or ${AuthMessages.verificationLinkInvalid} (unknown, used, expired, or for an older address)`,
    },
  }),
  resendVerification: route({
    method: 'post',
    path: '/api/auth/verify-email/resend',
    tag: 'auth',
    access: 'user',
    beforeProfile: true,
    summary: 'Mails a new verification link to the signed-in account',
    ok: json(200, MessageReply),
    errors: {
      404: 'User not found',
      409: 'The email is already verified',
      429: 'Too many verification mails for this email',
    },
  }),
} as const;

/** SPEC 7's account paths outside `/api/auth`: sign-up, the signed-in user, set password. */
export const AccountRoutes = {
  signup: route({
    method: 'post',
    path: '/api/signup',
    tag: 'auth',
    access: 'public',
    summary:
      "Creates an account → 201 { message: 'User registered successfully!' }; 409 when the email is taken",
    body: SignupRequestSchema,
    ok: json(201, MessageReply, 'Created'),
    errors: {
      409: 'Email is already registered',
      429: 'Too many sign-ups from this address or for this email',
    },
  }),
  me: route({
    method: 'get',
    path: '/api/user',
    tag: 'auth',
    access: 'user',
    beforeProfile: true,
    summary: 'The signed-in user',
    ok: json(200, UserSchema),
    errors: { 404: 'User not found' },
  }),
  setPassword: route({
    method: 'post',
    path: '/api/set-password',
    tag: 'auth',
    access: 'user',
    beforeProfile: true,
    summary: 'First password of an account created by Google sign-in',
    body: SetPasswordRequestSchema,
    ok: json(200, MessageReply),
    errors: { 404: 'User not found', 409: 'A password is already set' },
  }),
  setLanguage: route({
    method: 'put',
    path: '/api/user/language',
    tag: 'auth',
    access: 'user',
    beforeProfile: true,
    summary:
      "The signed-in account's language ('en' or 'hi'): its mails (verification, codes, receipts, reminders) are written in it → the user",
    body: SetLanguageRequestSchema,
    ok: json(200, UserSchema),
    errors: { 400: "Invalid input: language must be 'en' or 'hi'", 404: 'User not found' },
  }),
} as const;

/** The browser redirects of Google sign-in (SPEC: GET /auth/google); the page /oauth-success exchanges the code. */
export const GoogleRoutes = {
  start: route({
    method: 'get',
    path: '/auth/google',
    tag: 'auth',
    access: 'public',
    summary: 'Browser redirect: starts Google sign-in (302 to Google)',
    ok: { status: 302, description: 'To Google' },
    errors: { 503: googleNotConfigured },
    upstream: false,
  }),
  callback: route({
    method: 'get',
    path: '/auth/google/callback',
    tag: 'auth',
    access: 'public',
    summary:
      "Google's redirect back: 302 to /oauth-success?token={one-time code}, or to /oauth-success alone when sign-in failed",
    query: GoogleCallbackQuerySchema,
    ok: { status: 302, description: 'To /oauth-success' },
    errors: { 503: googleNotConfigured },
    validated: false,
    upstream: false,
  }),
} as const;

/**
 * Admin user management (DECISIONS 16: every call needs an admin token): the users, the changes to other admins that
 * wait for a second admin (202), and the audit log (DECISIONS 34).
 */
export const UserRoutes = {
  list: route({
    method: 'get',
    path: '/api/users',
    tag: 'users',
    access: 'admin',
    summary: 'One page of users, newest first → { success, data, page, pageSize, total }',
    query: ListUsersQuerySchema,
    ok: json(200, UserListReply),
  }),
  update: route({
    method: 'put',
    path: '/api/users/{id}',
    tag: 'users',
    access: 'admin',
    summary: 'Edits username, email, status → { success, data, message }',
    params: UserIdParamsSchema,
    body: UpdateUserRequestSchema,
    ok: json(200, UserUpdatedReply),
    also: [json(202, AdminActionPendingReply, banWaits)],
    errors: {
      400: 'Invalid input, or a ban of an admin mixed with other edits',
      404: 'User not found',
      409: `The email is taken, an admin changing their own status, or ${lastActiveAdmin}`,
    },
  }),
  changeRole: route({
    method: 'put',
    path: '/api/users/{id}/role',
    tag: 'users',
    access: 'admin',
    summary: 'Promotes or demotes → { success, data }; admins cannot demote themselves',
    params: UserIdParamsSchema,
    body: ChangeRoleRequestSchema,
    ok: json(200, UserUpdatedReply),
    also: [json(202, AdminActionPendingReply, 'Demoting another admin waits for a second admin')],
    errors: {
      404: 'User not found',
      409: `You cannot remove your own admin role, ${lastActiveAdmin}, or another request on this admin is open`,
    },
  }),
  remove: route({
    method: 'delete',
    path: '/api/users/{id}',
    tag: 'users',
    access: 'admin',
    summary: 'Removes the user (emits user.deleted) → { success, message }; admins cannot remove themselves',
    params: UserIdParamsSchema,
    ok: json(200, UserRemovedReply),
    also: [json(202, AdminActionPendingReply, 'Removing another admin waits for a second admin')],
    errors: { 404: 'User not found', 409: `You cannot remove your own account, or ${lastActiveAdmin}` },
  }),
  pendingActions: route({
    method: 'get',
    path: '/api/admin/admin-actions',
    tag: 'users',
    access: 'admin',
    summary: 'Changes to admins waiting for a second admin (DECISIONS 34), newest first → { data }',
    ok: json(200, AdminActionListReply),
  }),
  confirm: route({
    method: 'post',
    path: '/api/admin/admin-actions/{id}/confirm',
    tag: 'users',
    access: 'admin',
    summary: 'A second admin confirms a waiting change, which then runs → { success, data, message }',
    params: AdminActionIdParamsSchema,
    ok: json(200, AdminActionDecidedReply),
    errors: {
      403: 'Admin access required, or the admin who asked confirming their own request',
      404: 'Admin action not found',
      409: `Already decided, expired (${ADMIN_ACTION_TTL_HOURS} h), or ${lastActiveAdmin}`,
    },
  }),
  cancel: route({
    method: 'post',
    path: '/api/admin/admin-actions/{id}/cancel',
    tag: 'users',
    access: 'admin',
    summary: 'The admin who asked, or another admin, cancels a waiting change → { success, data, message }',
    params: AdminActionIdParamsSchema,
    ok: json(200, AdminActionDecidedReply),
    errors: { 404: 'Admin action not found', 409: 'Already decided, or expired' },
  }),
  auditLog: route({
    method: 'get',
    path: '/api/admin/audit-log',
    tag: 'users',
    access: 'admin',
    summary:
      'Admin actions on users, viewer data, money and titles (who, what, target, before/after, when, outcome), newest first, filtered by actor, target and action → { data, page, pageSize, total }',
    query: AuditLogQuerySchema,
    ok: json(200, AuditLogPageReply),
  }),
} as const;
