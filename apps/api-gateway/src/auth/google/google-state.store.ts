import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

export const STATE_COOKIE = 'streamly_oauth_state';
const STATE_TTL_SECONDS = 10 * 60;

type StoreCallback = (error: Error | null, state?: string) => void;
type VerifyCallback = (error: Error | null, ok: boolean, state?: unknown) => void;

/** The value of cookie `name` in the request's Cookie header (no cookie parser in the gateway). */
export const cookieValue = (req: Request, name: string): string | undefined =>
  (req.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

/**
 * passport-oauth2 state store without server sessions: the state is a random nonce that also sits in a
 * short-lived HttpOnly cookie of the browser that started the sign-in; the callback must present both.
 */
export class CookieStateStore {
  constructor(private readonly secure: boolean) {}

  store(req: Request, _meta: unknown, callback: StoreCallback) {
    const state = randomBytes(24).toString('base64url');
    req.res?.cookie(STATE_COOKIE, state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/auth/google',
      maxAge: STATE_TTL_SECONDS * 1000,
    });
    callback(null, state);
  }

  verify(req: Request, providedState: string, callback: VerifyCallback) {
    const expected = cookieValue(req, STATE_COOKIE);
    req.res?.clearCookie(STATE_COOKIE, { path: '/auth/google' });
    const ok =
      typeof providedState === 'string' &&
      expected !== undefined &&
      expected.length === providedState.length &&
      timingSafeEqual(Buffer.from(expected), Buffer.from(providedState));
    if (!ok) return callback(null, false, { message: 'Invalid authorization request state.' });
    return callback(null, true);
  }
}
