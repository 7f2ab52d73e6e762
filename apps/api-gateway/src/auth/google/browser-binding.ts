import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { BrowserBindingSchema } from '@app/contracts';
import { cookieValue } from './google-state.store';

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
export const bindBrowser = (res: Response, secure: boolean): string => {
  const nonce = randomBytes(32).toString('base64url');
  res.cookie(BINDING_COOKIE, nonce, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: BINDING_COOKIE_PATH,
    maxAge: BINDING_TTL_SECONDS * 1000,
  });
  return createHash('sha256').update(nonce).digest('hex');
};

/** The browser's nonce, if it has a well-formed one; the cookie is cleared either way (one exchange per sign-in). */
export const takeBrowserBinding = (req: Request, res: Response): string | undefined => {
  const nonce = cookieValue(req, BINDING_COOKIE);
  res.clearCookie(BINDING_COOKIE, { path: BINDING_COOKIE_PATH });
  return nonce !== undefined && BrowserBindingSchema.safeParse(nonce).success ? nonce : undefined;
};
