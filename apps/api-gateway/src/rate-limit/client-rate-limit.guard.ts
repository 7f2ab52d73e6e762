import type { ExecutionContext } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  normalizeIp,
  ThrottlerGuard,
} from '@nestjs/throttler';
import type { Resolvable, ThrottlerLimitDetail, ThrottlerModuleOptions } from '@nestjs/throttler';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { ErrorCode, RATE_LIMITED_MESSAGE } from '@app/contracts';
import { AppError, RequestContext } from '@app/server-core';
import { FailOpenStorage } from './fail-open.storage';
import { clientAddress, DEFAULT_LIMIT, rateLimitAt } from './rate-limits';

const valueOf = (value: Resolvable<number>, context: ExecutionContext) =>
  typeof value === 'function' ? value(context) : value;

/**
 * Per-client rate limits of the gateway (ARCHITECTURE: the gateway applies them; issue 14, finding 8), counted in
 * Redis so every replica shares them. Runs after the session guard: a signed-in caller is counted by account
 * (wherever they connect from), anyone else by the IP the gateway derives (`trust proxy`), an IPv6 address by its
 * /64 (one subscriber gets a whole /64), an IPv4 address with SHARED_ADDRESS_FACTOR times the budget (carrier NAT). Over a budget: 429 `{ code: 'RATE_LIMITED', message, correlationId }` with
 * `Retry-After` in seconds. Every budget a request draws on is counted in one Redis round trip (issue 29 §3; the
 * base guard sent one per budget), in the base guard's order and stopping at the first that blocks, as it did.
 */
@Injectable()
export class ClientRateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() private readonly store: FailOpenStorage,
    reflector: Reflector,
  ) {
    super(options, store, reflector);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (rateLimitAt(context) === false) return true;
    const tracker = await this.getTracker(context.switchToHttp().getRequest<FastifyRequest>());
    const budgets = await Promise.all(
      this.throttlers
        .filter(({ skipIf }) => !skipIf?.(context))
        .map(async ({ name = DEFAULT_LIMIT, ttl, limit, blockDuration }) => {
          const ttlMs = await valueOf(ttl, context);
          return {
            key: this.generateKey(context, tracker, name),
            throttlerName: name,
            ttl: ttlMs,
            limit: await valueOf(limit, context),
            blockDuration: blockDuration === undefined ? ttlMs : await valueOf(blockDuration, context),
          };
        }),
    );
    const records = await this.store.hitAll(budgets);
    const blocked = records.findIndex(({ isBlocked }) => isBlocked);
    if (blocked >= 0) {
      const { key, limit, ttl } = budgets[blocked];
      await this.throwThrottlingException(context, { ...records[blocked], key, limit, ttl, tracker });
    }
    return true;
  }

  protected override getTracker(req: FastifyRequest): Promise<string> {
    const user = RequestContext.user();
    if (user) return Promise.resolve(`user:${user.id}`);
    return Promise.resolve(
      `ip:${normalizeIp(clientAddress(req.ip || req.socket.remoteAddress || 'unknown'))}`,
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
    const response = context.switchToHttp().getResponse<FastifyReply>();
    response.header('Retry-After', String(Math.max(1, timeToBlockExpire)));
    return Promise.reject(new AppError(ErrorCode.RateLimited, RATE_LIMITED_MESSAGE));
  }
}
