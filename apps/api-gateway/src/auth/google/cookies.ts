import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse, serialize, type SerializeOptions } from 'cookie';

/** The value of cookie `name` in the request's Cookie header (the gateway keeps no other cookies). */
export const cookieValue = (req: Pick<IncomingMessage, 'headers'>, name: string): string | undefined =>
  parse(req.headers.cookie ?? '')[name];

/**
 * Adds a `Set-Cookie` to the answer (Node's own response, so passport's steps and Nest's handlers write cookies the
 * same way; Fastify sends the headers already set on it with its own).
 */
export const setCookie = (res: ServerResponse, name: string, value: string, options: SerializeOptions) => {
  res.appendHeader('Set-Cookie', serialize(name, value, options));
};

/** Tells the browser to drop cookie `name` of `path`. */
export const clearCookie = (res: ServerResponse, name: string, path: string) =>
  setCookie(res, name, '', { path, expires: new Date(0) });
