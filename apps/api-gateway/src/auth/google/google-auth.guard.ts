import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ErrorCode } from '@app/contracts';
import { AppError } from '@app/server-core';
import { GOOGLE_OPTIONS } from './google-options';
import type { GoogleOptions } from './google-options';
import { GOOGLE_STRATEGY } from './google.strategy';

/** Where the sign-in result lands on the request (not `user`, which the session guard owns). */
export const GOOGLE_RESULT_PROPERTY = 'googleSignIn';

/** Runs the passport flow; a refusal (bad state, unverified email, Google error) becomes "no result", not an exception. */
@Injectable()
export class GoogleAuthGuard extends AuthGuard(GOOGLE_STRATEGY) {
  constructor(@Inject(GOOGLE_OPTIONS) private readonly options: GoogleOptions) {
    super({ session: false, property: GOOGLE_RESULT_PROPERTY });
  }

  override canActivate(context: ExecutionContext) {
    if (!this.options.clientId) throw new AppError(ErrorCode.ServiceUnavailable, 'Google sign-in is not configured');
    return super.canActivate(context);
  }

  override handleRequest<T>(error: unknown, result: T): T {
    return (error ? null : result || null) as T;
  }
}
