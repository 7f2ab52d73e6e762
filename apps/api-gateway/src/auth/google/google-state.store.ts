import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clearCookie, cookieValue, setCookie } from './cookies';

export const STATE_COOKIE = 'streamly_oauth_state';
const STATE_TTL_SECONDS = 10 * 60;

type StoreCallback = (error: Error | null, state?: string) => void;
type VerifyCallback = (error: Error | null, ok: boolean, state?: unknown) => void;

/** The request passport hands the store: the one the Google guard gives it, with the answer to set cookies on. */
export type GoogleRequest = Pick<IncomingMessage, 'headers'> & { res: ServerResponse };

/**
 * passport-oauth2 state store without server sessions: the state is a random nonce that also sits in a
 * short-lived HttpOnly cookie of the browser that started the sign-in; the callback must present both.
 */
export class CookieStateStore {
  constructor(private readonly secure: boolean) {}

  store(req: GoogleRequest, _meta: unknown, callback: StoreCallback) {
    const state = randomBytes(24).toString('base64url');
    setCookie(req.res, STATE_COOKIE, state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/auth/google',
      maxAge: STATE_TTL_SECONDS,
    });
    callback(null, state);
  }

  verify(req: GoogleRequest, providedState: string, callback: VerifyCallback) {
    const expected = cookieValue(req, STATE_COOKIE);
    clearCookie(req.res, STATE_COOKIE, '/auth/google');
    const ok =
      typeof providedState === 'string' &&
      expected !== undefined &&
      expected.length === providedState.length &&
      timingSafeEqual(Buffer.from(expected), Buffer.from(providedState));
    if (!ok) return callback(null, false, { message: 'Invalid authorization request state.' });
    return callback(null, true);
  }
}
