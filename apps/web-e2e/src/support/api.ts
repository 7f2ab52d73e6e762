import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiError, LoginResponse, User } from '@app/contracts';
import { solveAltcha, type AltchaChallenge } from '@app/server-testing/altcha';
import { baseUrl } from './browser';
import { outboxDir, waitForMailContaining } from './outbox';

/** Plain-fetch helpers for the HTTP API of the whole system (E2E_BASE_URL): no browser needed. */

export type Answer<T = unknown> = { status: number; body: T; headers: Headers };

export type CallOptions = {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (malformed JSON, huge bodies). */
  raw?: string;
  contentType?: string;
  /** The client address the gateway sees (it trusts X-Forwarded-For from loopback, like from its ingress). */
  clientIp?: string;
  /** Extra or replacing headers, e.g. a hand-made `authorization`. */
  headers?: Record<string, string>;
  redirect?: RequestRedirect;
};

/** A client address of the private 10/8 range, new on every call. */
export const newClientIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * The address every call of this run comes from unless told otherwise. Per-IP limits (signup 200 an hour from an IPv4 address)
 * therefore count this run only: a second run on the same system starts from zero.
 */
export const RUN_CLIENT_IP = newClientIp();

export const call = async <T = unknown>(
  method: string,
  urlPath: string,
  options: CallOptions = {},
): Promise<Answer<T>> => {
  const {
    token,
    body,
    raw,
    contentType,
    clientIp = RUN_CLIENT_IP,
    headers = {},
    redirect = 'manual',
  } = options;
  const sent: Record<string, string> = { 'x-forwarded-for': clientIp };
  if (token !== undefined) sent.authorization = `Bearer ${token}`;
  if (body !== undefined || raw !== undefined) sent['content-type'] = contentType ?? 'application/json';
  const res = await fetch(`${baseUrl()}${urlPath}`, {
    method,
    headers: { ...sent, ...headers },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    redirect,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (an HTML page, an empty 204): kept as text.
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
};

export const isApiError = (body: unknown): body is ApiError => {
  const error = body as Partial<ApiError> | null;
  return (
    typeof error?.code === 'string' &&
    typeof error.message === 'string' &&
    error.message.length > 0 &&
    typeof error.correlationId === 'string'
  );
};

/** Does what the ALTCHA widget does in the browser: fetch a challenge, solve its proof of work, encode the payload. */
export const solveCaptcha = async (): Promise<string> => {
  const { status, body: challenge } = await call<AltchaChallenge>('GET', '/api/auth/captcha/challenge');
  if (status !== 200) throw new Error(`GET /api/auth/captcha/challenge answered ${status}`);
  return solveAltcha(challenge);
};

const RUN_ID = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
let sequence = 0;

/** An address no earlier run used: `<label>-<run>-<n>@e2e.streamly.in`. */
export const uniqueEmail = (label: string) => `${label}-${RUN_ID}-${++sequence}@e2e.streamly.in`;

export type Credentials = { email: string; password: string };
export type Account = Credentials & { username: string };
export type SignedIn = Account & { id: string; token: string; user: User };

export const DEMO_ADMIN: Credentials = { email: 'admin@streamly.in', password: 'Admin@12345' };
export const DEMO_VIEWER: Credentials = { email: 'viewer@streamly.in', password: 'Viewer@12345' };
/** The seeded second admin: promoting, demoting, banning or removing an admin waits for one (DECISIONS 34). */
export const DEMO_DEPUTY: Credentials = { email: 'deputy@streamly.in', password: 'Deputy@12345' };

/** POST /api/signup as a new visitor (its own client address); throws unless 201. Usernames carry no digits (the OTP mail greets by name). */
export const signUp = async (label: string, overrides: Partial<Account> = {}): Promise<Account> => {
  const account: Account = {
    username: `E-to-E ${label}`,
    email: uniqueEmail(label),
    password: `Pw-${randomBytes(6).toString('hex')}`,
    ...overrides,
  };
  const { status, body } = await call('POST', '/api/signup', { body: account, clientIp: newClientIp() });
  if (status !== 201)
    throw new Error(`signup of ${account.email} answered ${status}: ${JSON.stringify(body)}`);
  // The verification mail is sent after the answer: wait for it, so mail counts taken next are stable.
  await verificationMailTo(account.email);
  return account;
};

const VERIFY_LINK = /\/verify-email\?token=([a-f0-9]{64})/;

/** The verification mail sign-up sent to `email` (DECISIONS 33). */
export const verificationMailTo = (email: string) => waitForMailContaining(email, '/verify-email?token=');

/** Opens the account's verification link the way its mail gives it (POST of the token); throws unless 200. */
export const verifyEmail = async ({ email }: Pick<Account, 'email'>): Promise<void> => {
  const token = VERIFY_LINK.exec((await verificationMailTo(email)).text)?.[1];
  if (!token) throw new Error(`no verification link in the mail to ${email}`);
  const { status, body } = await call('POST', '/api/auth/verify-email', { body: { token } });
  if (status !== 200) throw new Error(`verifying ${email} answered ${status}: ${JSON.stringify(body)}`);
};

export type LoginPath = '/api/auth/login' | '/api/auth/admin/login';

/** Login with a freshly solved captcha; the raw answer, for tests of refusals. */
export const login = async (
  { email, password }: Credentials,
  options: { path?: LoginPath; clientIp?: string } = {},
) =>
  call<LoginResponse>('POST', options.path ?? '/api/auth/login', {
    body: { email, password, recaptchaToken: await solveCaptcha() },
    clientIp: options.clientIp,
  });

/** Signs in and returns the session; throws unless 200. */
export const signIn = async (
  credentials: Credentials,
  loginPath: LoginPath = '/api/auth/login',
): Promise<LoginResponse> => {
  const { status, body } = await login(credentials, { path: loginPath });
  if (status !== 200)
    throw new Error(`${loginPath} of ${credentials.email} answered ${status}: ${JSON.stringify(body)}`);
  return body;
};

export const adminSignIn = async (): Promise<string> =>
  (await signIn(DEMO_ADMIN, '/api/auth/admin/login')).token;

/** A new account, signed in; its email verified unless asked not to (an unverified account cannot pay). */
export const newUser = async (label: string, { verified = true } = {}): Promise<SignedIn> => {
  const account = await signUp(label);
  if (verified) await verifyEmail(account);
  const { token, user } = await signIn(account);
  // Issue 27: the billing state is asked at an account's first payment; journey viewers have given it already
  // (Karnataka), so Checkout opens straight away.
  if (verified) {
    const saved = await call('PUT', `/api/users/${user.id}/billing-profile`, {
      token,
      body: { state: '29', gstin: null },
    });
    if (saved.status !== 200) throw new Error(`billing state not saved: ${saved.status}`);
  }
  return { ...account, id: user.id, token, user };
};

// ---- Hand-made tokens (forged, expired) ----

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export const decodeJwtPayload = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** An HS256 JWT signed with `secret` (the session tokens' algorithm). */
export const signJwt = (payload: Record<string, unknown>, secret: string) => {
  const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
};

/**
 * The session signing key of the system under test: the dev launcher keeps it in `<dataDir>/auth-secrets.json`,
 * beside the outbox folder. Lets a test make a token that is valid in every way but its expiry.
 */
export const devJwtSecret = (): string => {
  const file = path.join(path.dirname(outboxDir()), 'auth-secrets.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { JWT_SECRET: string }).JWT_SECRET;
};
