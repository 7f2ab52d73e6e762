import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  AUTH_REQUIRED_MESSAGE,
  AuthMessages,
  ErrorCode,
  KIDS_REFUSAL_MESSAGES,
  ProfileKind,
  ProfileMessages,
  Role,
} from '@app/contracts';
import type { KidsRefusal, SessionUser } from '@app/contracts';
import { AppError, IS_PUBLIC, RequestContext } from '@app/server-core';
import { AuthClient } from './auth.client';
import type { FastifyRequest } from 'fastify';
import { BEFORE_PROFILE, NOT_FOR_KIDS, ROLES, VERIFIED_EMAIL } from './auth.decorators';

/** Far above any token auth-service issues; a longer one is refused here, without a call. */
const MAX_TOKEN_LENGTH = 4096;

const bearer = (header: string | undefined) => {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header ?? '');
  return match?.[1];
};

/**
 * Global guard of the gateway: every route needs a valid session unless marked @Public(). The session is
 * resolved by auth-service and reused by this process for SESSION_CACHE_SECONDS (session.cache.ts), so a revoked
 * token, a suspension or a role change takes effect on the user's first request after that window (at once when
 * it went through this gateway). Routes a kids profile may not use (@NotForKids(): paying, managing profiles) refuse
 * it with 403. A session that names no profile (a sign-in's, when the account has several profiles or a locked one)
 * is refused every signed-in route but the few marked @BeforeProfile() with 403 PROFILE_REQUIRED until a profile is
 * chosen; admin routes are the account's, and public ones answer it as a visitor's. Routes behind @Roles() or @VerifiedEmail() (administration, payments) always ask
 * auth-service: a demoted admin or a just-verified account is judged on the current answer. A public route called
 * with a token still learns who is calling. The resolved user goes into the request context (RequestContext.user()).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthClient,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;
    const roles = this.reflector.getAllAndOverride<Role[]>(ROLES, targets) ?? [];
    const needsVerifiedEmail = this.reflector.getAllAndOverride<boolean>(VERIFIED_EMAIL, targets) ?? false;
    const notForKids = this.reflector.getAllAndOverride<KidsRefusal | undefined>(NOT_FOR_KIDS, targets);
    const beforeProfile = this.reflector.getAllAndOverride<boolean>(BEFORE_PROFILE, targets) ?? false;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = bearer(request.headers.authorization);

    if (!token || token.length > MAX_TOKEN_LENGTH) {
      if (isPublic) return true;
      throw new AppError(ErrorCode.Unauthorized, AUTH_REQUIRED_MESSAGE);
    }
    // Few, and the ones where a stale answer would grant a privilege or refuse a payment.
    const fresh = roles.length > 0 || needsVerifiedEmail;
    let user: SessionUser;
    try {
      user = await this.auth.resolveSession(token, { fresh });
    } catch (error) {
      // A visitor with a stale token still sees public pages.
      if (isPublic && error instanceof AppError && error.code === ErrorCode.Unauthorized) return true;
      throw error;
    }
    // The acting user of this request, for @CurrentUser() and the logs.
    RequestContext.setUser(user);
    if (roles.length && !roles.includes(user.role)) {
      throw new AppError(ErrorCode.Forbidden, AuthMessages.noPermission);
    }
    // Issue 25: no profile acts yet, so none of a profile's data or titles may be served (never the default one's).
    if (!user.profile && !isPublic && !roles.length && !beforeProfile) {
      throw new AppError(ErrorCode.ProfileRequired, ProfileMessages.chooseFirst);
    }
    // Issue 25: kids profiles cannot pay or manage profiles, whatever the route's handler would do.
    if (notForKids && user.profile?.kind === ProfileKind.Kids) {
      throw new AppError(ErrorCode.Forbidden, KIDS_REFUSAL_MESSAGES[notForKids]);
    }
    // Resolved afresh on these routes: the call after the link is opened already passes.
    if (needsVerifiedEmail && user.emailVerified !== true) {
      throw new AppError(ErrorCode.Forbidden, AuthMessages.emailNotVerified);
    }
    return true;
  }
}
