import { ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { AuthMessages, ErrorCode } from '@app/contracts';
import { AppError } from '@app/server-core';
import { GOOGLE_OPTIONS } from './google-options';
import type { GoogleOptions } from './google-options';
import { GOOGLE_STRATEGY } from './google.strategy';

/** Where the sign-in result lands on the request (not `user`, which the session guard owns). */
export const GOOGLE_RESULT_PROPERTY = 'googleSignIn';

/** Runs the passport flow; a refusal (bad state, unverified email, Google error) becomes "no result", not an exception. */
@Injectable()
export class GoogleAuthGuard extends AuthGuard(GOOGLE_STRATEGY) {
  private readonly logger = new Logger(GoogleAuthGuard.name);

  // Not `options`: that field of AuthGuard holds the passport options given to super() and would be overwritten.
  constructor(@Inject(GOOGLE_OPTIONS) private readonly google: GoogleOptions) {
    super({ session: false, property: GOOGLE_RESULT_PROPERTY });
  }

  override canActivate(context: ExecutionContext) {
    if (!this.google.clientId)
      throw new AppError(ErrorCode.ServiceUnavailable, AuthMessages.googleNotConfigured);
    return super.canActivate(context);
  }

  override handleRequest<T>(error: unknown, result: T, info?: unknown): T {
    if (error || !result) {
      const reason =
        error instanceof Error ? error.message : error ? String(error) : JSON.stringify(info ?? null);
      this.logger.warn({ msg: 'Google sign-in refused', reason });
    }
    return (error ? null : result || null) as T;
  }
}
