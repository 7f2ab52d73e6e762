import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import { Role, SessionUser } from '@app/contracts';

export const ROLES = 'auth:roles';

/** Only these roles may call the route (DECISIONS 16: every admin call needs an admin token). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

export type AuthenticatedRequest = Request & { user?: SessionUser };

/** The signed-in caller (undefined on a public route called without a token). */
export const CurrentUser = createParamDecorator(
  (_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<AuthenticatedRequest>().user,
);
