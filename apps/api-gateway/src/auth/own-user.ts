import { Param } from '@nestjs/common';
import { ErrorCode, Role, UserIdParamsSchema } from '@app/contracts';
import type { UserIdParams } from '@app/contracts';
import { AppError, RequestContext, ZodPipe } from '@app/server-core';

/** Validates `{ id }` like any path, then requires it to be the caller's own account (DECISIONS 16). */
class OwnUserPipe extends ZodPipe<typeof UserIdParamsSchema> {
  constructor(private readonly allowAdmin: boolean) {
    super(UserIdParamsSchema, 'path');
  }

  override transform(value: unknown): UserIdParams {
    const params = super.transform(value);
    const user = RequestContext.user();
    if (!user) throw new AppError(ErrorCode.Unauthorized, 'Please sign in');
    if (user.id !== params.id && !(this.allowAdmin && user.role === Role.Admin)) {
      throw new AppError(ErrorCode.Forbidden, 'You can only reach your own account');
    }
    return params;
  }
}

/**
 * The params of a `/api/users/{id}/…` route whose id must be the caller's. `allowAdmin` lets an admin read another
 * user's data; calls that act for a user (paying, cancelling) take that user's own token only.
 */
export const OwnUser = (options: { allowAdmin?: boolean } = {}) =>
  Param(new OwnUserPipe(options.allowAdmin ?? false));
