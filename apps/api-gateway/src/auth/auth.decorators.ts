import { createParamDecorator, SetMetadata } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { KidsRefusal, Role } from '@app/contracts';
import { RequestContext } from '@app/server-core';

export const ROLES = 'auth:roles';

/** Only these roles may call the route (DECISIONS 16: every admin call needs an admin token). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

export const VERIFIED_EMAIL = 'auth:verified-email';

/**
 * Only a signed-in account whose email is verified may call the route (DECISIONS 33: an unverified account signs in
 * and watches free titles, but cannot pay); others get 403 "Please verify your email before paying.". On a handler or
 * a controller; on a @Public() route it only governs callers that bring a token, so put it on the paying handlers.
 */
export const VerifiedEmail = () => SetMetadata(VERIFIED_EMAIL, true);

export const NOT_FOR_KIDS = 'auth:not-for-kids';

/** Refused (403) to a session acting as a kids profile, with the message of `what` (issue 25). */
export const NotForKids = (what: KidsRefusal) => SetMetadata(NOT_FOR_KIDS, what);

export const BEFORE_PROFILE = 'auth:before-profile';

/**
 * Served to a session that names no profile yet (issue 25: who the account is, signing out, Who's watching?); every
 * other signed-in route refuses such a session with 403 PROFILE_REQUIRED.
 */
export const BeforeProfile = () => SetMetadata(BEFORE_PROFILE, true);

/** The signed-in caller, from the request context the session guard filled (undefined on a public route called without a token). */
export const CurrentUser = createParamDecorator(() => RequestContext.user());

/**
 * When the caller's session token was issued (its `iat`, ISO): the guard has verified the token before any handler
 * runs, so reading the claim here is safe. Auth-service uses it as proof of a fresh sign-in.
 */
export const SessionIssuedAt = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization ?? '';
  const payload = header.replace(/^Bearer /, '').split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8') || '{}') as { iat?: unknown };
  return new Date(typeof claims.iat === 'number' ? claims.iat * 1000 : 0).toISOString();
});
