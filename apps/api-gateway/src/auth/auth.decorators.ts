import { createParamDecorator, SetMetadata } from '@nestjs/common';
import type { Role } from '@app/contracts';
import { RequestContext } from '@app/server-core';

export const ROLES = 'auth:roles';

/** Only these roles may call the route (DECISIONS 16: every admin call needs an admin token). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/** The signed-in caller, from the request context the session guard filled (undefined on a public route called without a token). */
export const CurrentUser = createParamDecorator(() => RequestContext.user());
