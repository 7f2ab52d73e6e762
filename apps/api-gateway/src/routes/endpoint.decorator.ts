import { applyDecorators, HttpCode, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';
import { Role } from '@app/contracts';
import type { HttpMethod, HttpRoute } from '@app/contracts';
import { Public } from '@app/server-core';
import { BeforeProfile, NotForKids, Roles, VerifiedEmail } from '../auth/auth.decorators';
import { NotRateLimited, RateLimited } from '../rate-limit/rate-limits';

export const ROUTE = 'gateway:route';

const METHODS: Record<HttpMethod, RequestMethod> = {
  get: RequestMethod.GET,
  post: RequestMethod.POST,
  put: RequestMethod.PUT,
  delete: RequestMethod.DELETE,
  patch: RequestMethod.PATCH,
};

/** `/api/movies/{id}` → `/api/movies/:id`, the form Nest routes by. */
export const nestPathOf = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * A handler serves one route of `libs/contracts/src/http/*.routes.ts`, described there once: its method and path,
 * who may call (the session guard reads it, kids profiles included), the budget it draws on (the rate-limit guard), its status on success,
 * and (through RouteInputGuard) the validation of its path, query, headers and body and the own-account check, and
 * (RouteReplyInterceptor, outside production) the check of its reply. Put it on handlers of a `@Controller()` without a path: the route's path is whole.
 */
export const Endpoint = (route: HttpRoute) =>
  applyDecorators(
    SetMetadata(ROUTE, route),
    RequestMapping({ path: nestPathOf(route.path), method: METHODS[route.method] }),
    ...(route.ok.status < 300 ? [HttpCode(route.ok.status)] : []),
    ...(route.access === 'public' ? [Public()] : []),
    ...(route.access === 'admin' ? [Roles(Role.Admin)] : []),
    ...(route.verifiedEmail ? [VerifiedEmail()] : []),
    ...(route.notForKids ? [NotForKids(route.notForKids)] : []),
    ...(route.beforeProfile ? [BeforeProfile()] : []),
    ...(route.rateLimit === false ? [NotRateLimited()] : []),
    ...(route.rateLimit ? [RateLimited(route.rateLimit)] : []),
  );
