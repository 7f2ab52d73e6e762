import { AuthMessages, ErrorCode, Role } from '@app/contracts';
import type { SessionUser } from '@app/contracts';
import { AppError } from '@app/server-core';

/**
 * DECISIONS 16: a call naming a user is the caller's own (or, when `allowAdmin`, any user's for an admin). Routes
 * described with `access: 'own'` / `'own-or-admin'` are checked by RouteInputGuard through it.
 */
export const requireOwnAccount = (user: SessionUser | undefined, userId: string, allowAdmin: boolean) => {
  if (!user) throw new AppError(ErrorCode.Unauthorized, AuthMessages.signInFirst);
  if (user.id !== userId && !(allowAdmin && user.role === Role.Admin)) {
    throw new AppError(ErrorCode.Forbidden, AuthMessages.ownAccountOnly);
  }
};
