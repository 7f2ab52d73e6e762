import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BrowserBindingSchema } from '@app/contracts';
import { clearCookie, cookieValue, setCookie } from './cookies';

/**
 * Login CSRF (issue 14): the one-time code of /oauth-success?token=… is good only in the browser that came back from
 * Google. The callback gives that browser a random nonce in an HttpOnly, SameSite=Lax cookie sent to the exchange
 * alone; auth-service keeps the nonce's SHA-256 with the code and the exchange must bring the nonce. A code pushed
 * into someone else's browser (or read from a log or a Referer) signs nobody in.
 */
export const BINDING_COOKIE = 'streamly_oauth_binding';
export const BINDING_COOKIE_PATH = '/api/auth/oauth';
/** Longer than the code's 60 s, so a slow page load still exchanges it. */
const BINDING_TTL_SECONDS = 5 * 60;

/** A new nonce for the browser; answers its SHA-256 (hex), which auth-service stores with the code. */
export const bindBrowser = (res: ServerResponse, secure: boolean): string => {
  const nonce = randomBytes(32).toString('base64url');
  setCookie(res, BINDING_COOKIE, nonce, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: BINDING_COOKIE_PATH,
    maxAge: BINDING_TTL_SECONDS,
  });
  return createHash('sha256').update(nonce).digest('hex');
};

/** The browser's nonce, if it has a well-formed one; the cookie is cleared either way (one exchange per sign-in). */
export const takeBrowserBinding = (
  req: Pick<IncomingMessage, 'headers'>,
  res: ServerResponse,
): string | undefined => {
  const nonce = cookieValue(req, BINDING_COOKIE);
  clearCookie(res, BINDING_COOKIE, BINDING_COOKIE_PATH);
  return nonce !== undefined && BrowserBindingSchema.safeParse(nonce).success ? nonce : undefined;
};
