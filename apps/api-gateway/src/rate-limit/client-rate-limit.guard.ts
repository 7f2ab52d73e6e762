import type { ExecutionContext } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { normalizeIp, ThrottlerGuard } from '@nestjs/throttler';
import type { ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { ErrorCode, RATE_LIMITED_MESSAGE } from '@app/contracts';
import { AppError, RequestContext } from '@app/server-core';
import { clientAddress, DEFAULT_LIMIT, rateLimitAt } from './rate-limits';

/**
 * Per-client rate limits of the gateway (ARCHITECTURE: the gateway applies them; issue 14, finding 8), counted in
 * Redis so every replica shares them. Runs after the session guard: a signed-in caller is counted by account
 * (wherever they connect from), anyone else by the IP the gateway derives (`trust proxy`), an IPv6 address by its
 * /64 (one subscriber gets a whole /64), an IPv4 address with SHARED_ADDRESS_FACTOR times the budget (carrier NAT). Over a budget: 429 `{ code: 'RATE_LIMITED', message, correlationId }` with
 * `Retry-After` in seconds.
 */
@Injectable()
export class ClientRateLimitGuard extends ThrottlerGuard {
  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    return Promise.resolve(rateLimitAt(context) === false);
  }

  protected override getTracker(req: Request): Promise<string> {
    const user = RequestContext.user();
    if (user) return Promise.resolve(`user:${user.id}`);
    return Promise.resolve(
      `ip:${normalizeIp(clientAddress(req.ip ?? req.socket.remoteAddress ?? 'unknown'))}`,
    );
  }

  /** Readable keys under one prefix: the default budget is the client's across routes, a named one per route. */
  protected override generateKey(context: ExecutionContext, tracker: string, name: string): string {
    const route = name === DEFAULT_LIMIT ? '' : `${context.getClass().name}.${context.getHandler().name}:`;
    return `gateway:rate:${name}:${route}${tracker}`;
  }

  protected override throwThrottlingException(
    context: ExecutionContext,
    { timeToBlockExpire }: ThrottlerLimitDetail,
  ): Promise<void> {
    const response = context.switchToHttp().getResponse<Response>();
    response.setHeader('Retry-After', String(Math.max(1, timeToBlockExpire)));
    return Promise.reject(new AppError(ErrorCode.RateLimited, RATE_LIMITED_MESSAGE));
  }
}
