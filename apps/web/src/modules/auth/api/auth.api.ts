import type {
  ForgotPasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
  SetPasswordRequest,
  SignupRequest,
  VerifyEmailRequest,
  VerifyOtpRequest,
} from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/**
 * The Accounts HTTP API (issue 4), one function per call. Calls made before or instead of a session send
 * `token: null`, so a stale stored token is neither sent nor ended by their 401.
 */
export const authApi = {
  captchaConfig: (client: ApiClient, signal?: AbortSignal) =>
    client.call('GET /api/auth/captcha', {}, { signal }),
  signup: (client: ApiClient, body: SignupRequest) =>
    client.call('POST /api/signup', { body }, { token: null }),
  login: (client: ApiClient, body: LoginRequest) =>
    client.call('POST /api/auth/login', { body }, { token: null }),
  adminLogin: (client: ApiClient, body: LoginRequest) =>
    client.call('POST /api/auth/admin/login', { body }, { token: null }),
  /**
   * Revokes the session's own token. Its 401 (the session already over there: expired, revoked, the account
   * erased) must not end the session a second time, out of band: useLogout ends it with the navigation.
   */
  logout: (client: ApiClient) => client.call('POST /api/auth/logout', {}, { keepSession: true }),
  currentUser: (client: ApiClient) => client.call('GET /api/user'),
  setPassword: (client: ApiClient, body: SetPasswordRequest) =>
    client.call('POST /api/set-password', { body }),
  forgotPassword: (client: ApiClient, body: ForgotPasswordRequest) =>
    client.call('POST /api/auth/forgot-password', { body }, { token: null }),
  verifyOtp: (client: ApiClient, body: VerifyOtpRequest) =>
    client.call('POST /api/auth/verify-otp', { body }, { token: null }),
  resetPassword: (client: ApiClient, body: ResetPasswordRequest) =>
    client.call('POST /api/auth/reset-password', { body }, { token: null }),
  /** The browser's HttpOnly binding cookie goes along by itself (same origin): the code works only with it. */
  exchangeOAuthCode: (client: ApiClient, code: string) =>
    client.call('POST /api/auth/oauth/exchange', { body: { code } }, { token: null }),
  /** The link of the verification mail works signed in or not (on another device too). */
  verifyEmail: (client: ApiClient, body: VerifyEmailRequest) =>
    client.call('POST /api/auth/verify-email', { body }, { token: null }),
  resendVerification: (client: ApiClient) => client.call('POST /api/auth/verify-email/resend'),
} as const;

/** Where "Continue with Google" goes: the server's Google sign-in start, as a full-page navigation. */
export const googleSignInPath = '/auth/google';
