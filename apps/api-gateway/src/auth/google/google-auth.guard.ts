import { ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthGuard } from '@nestjs/passport';
import { AuthMessages, ErrorCode } from '@app/contracts';
import { AppError } from '@app/server-core';
import { GOOGLE_OPTIONS } from './google-options';
import type { GoogleOptions } from './google-options';
import type { GoogleRequest } from './google-state.store';
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

  /**
   * passport on Fastify (nestjs/nest#5702): it reads the request's query and headers, which Fastify's request has,
   * and answers through Node's response (`setHeader`, `end` for the redirect to Google); the state store and the
   * strategy set their cookies on the response the request carries (`res`, as Express's requests have it).
   */
  override getRequest(context: ExecutionContext): GoogleRequest {
    const request = context.switchToHttp().getRequest<FastifyRequest & Partial<GoogleRequest>>();
    request.res = context.switchToHttp().getResponse<FastifyReply>().raw;
    return request as FastifyRequest & GoogleRequest;
  }

  getResponse(context: ExecutionContext) {
    return context.switchToHttp().getResponse<FastifyReply>().raw;
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
