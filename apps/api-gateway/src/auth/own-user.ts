import { Body, Param } from '@nestjs/common';
import type { z } from 'zod';
import { ErrorCode, Role, UserIdParamsSchema } from '@app/contracts';
import type { SessionUser, UserIdParams } from '@app/contracts';
import { AppError, RequestContext, ZodPipe } from '@app/server-core';

type UserPathSchema = z.ZodType<UserIdParams>;

/** Validates the path like any other, then requires its `{ id }` to be the caller's own account (DECISIONS 16). */
class OwnUserPipe<S extends UserPathSchema> extends ZodPipe<S> {
  constructor(
    schema: S,
    private readonly allowAdmin: boolean,
  ) {
    super(schema, 'path');
  }

  override transform(value: unknown): z.infer<S> {
    const params = super.transform(value);
    requireOwnAccount(RequestContext.user(), params.id, this.allowAdmin);
    return params;
  }
}

/**
 * Validates a body like any other, then requires its `userId`, when it names one (SPEC 7's payment bodies), to be the
 * caller's own.
 */
class OwnUserBodyPipe<S extends z.ZodType<{ userId?: string }>> extends ZodPipe<S> {
  constructor(schema: S) {
    super(schema, 'body');
  }

  override transform(value: unknown): z.infer<S> {
    const body = super.transform(value);
    if (body.userId !== undefined) requireOwnAccount(RequestContext.user(), body.userId, false);
    return body;
  }
}

/** DECISIONS 16: a call naming a user is the caller's own (or, when `allowAdmin`, any user's for an admin). */
export const requireOwnAccount = (user: SessionUser | undefined, userId: string, allowAdmin: boolean) => {
  if (!user) throw new AppError(ErrorCode.Unauthorized, 'Please sign in');
  if (user.id !== userId && !(allowAdmin && user.role === Role.Admin)) {
    throw new AppError(ErrorCode.Forbidden, 'You can only reach your own account');
  }
};

/**
 * The params of a `/api/users/{id}/…` route whose id must be the caller's (`params` when the path names more). `allowAdmin` lets an admin read another
 * user's data; calls that act for a user (paying, cancelling) take that user's own token only.
 */
export const OwnUser = (options: { allowAdmin?: boolean; params?: UserPathSchema } = {}) =>
  Param(new OwnUserPipe(options.params ?? UserIdParamsSchema, options.allowAdmin ?? false));

/** The body of a call that may name its user (`userId`, as SPEC 7's payment bodies do): only the caller's own (403). */
export const OwnUserBody = <S extends z.ZodType<{ userId?: string }>>(schema: S) =>
  Body(new OwnUserBodyPipe(schema));
