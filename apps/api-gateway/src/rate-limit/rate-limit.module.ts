import type { DynamicModule } from '@nestjs/common';
import { Logger, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { Counter } from 'prom-client';
import { createRedisClient, MetricsService, REDIS_CLIENT, RedisLifecycle } from '@app/server-core';
import type { Env } from '../env';
import { FailOpenStorage } from './fail-open.storage';
import { LocalFirstRateLimits } from './local-first-rate-limits';
import { RedisRateLimitStorage } from './redis-rate-limit.storage';
import { rateLimitsFrom } from './rate-limits';

/** ioredis states in which a command would only wait for retries to fail. */
const LOST = new Set(['close', 'reconnecting', 'end']);

type RateLimitEnv = Pick<
  Env,
  'RATE_LIMIT_PER_MINUTE' | 'RATE_LIMIT_BROWSE_PER_MINUTE' | 'RATE_LIMIT_CONTACT_PER_HOUR'
>;

/**
 * The gateway's one Redis client (rate limits; the held heartbeat answers' change announcements), closed when the
 * gateway stops. Global: registered once by the app module.
 */
@Module({})
export class GatewayRedisModule {
  static register(url: string): DynamicModule {
    const logger = new Logger('Redis');
    return {
      module: GatewayRedisModule,
      global: true,
      providers: [
        {
          provide: REDIS_CLIENT,
          useFactory: () => {
            // Reported once per outage, not thrown: requests still pass while Redis is away (FailOpenStorage).
            let reported = false;
            return createRedisClient(url, { autoPipelining: true })
              .on('error', (error: Error) => {
                if (!reported) logger.warn({ msg: 'Redis connection failed', error: error.message });
                reported = true;
              })
              .on('ready', () => {
                reported = false;
              });
          },
        },
        RedisLifecycle,
      ],
      exports: [REDIS_CLIENT],
    };
  }
}

/**
 * `@nestjs/throttler` with a Redis storage, counted in the replica first while a client is far from its budget
 * (local-first-rate-limits.ts; at most one round trip a request: redis-rate-limit.storage.ts): the budgets of
 * `rate-limits.ts`. The guard itself (ClientRateLimitGuard) is registered by the app module, after the session
 * guard, so it knows the caller.
 */
@Module({})
export class RateLimitModule {
  static register(env: RateLimitEnv): DynamicModule {
    return {
      module: RateLimitModule,
      imports: [
        ThrottlerModule.forRootAsync({
          // GatewayRedisModule's client, registered globally by the app module.
          inject: [REDIS_CLIENT, MetricsService],
          useFactory: (redis: Redis, metrics: MetricsService) => {
            const checks = new Counter({
              name: 'gateway_rate_limit_checks_total',
              help: "Requests' rate-limit checks by where their budgets were counted (replica: here, sent to Redis later; redis: at once)",
              labelNames: ['counted'] as const,
              registers: [metrics.registry],
            });
            const counts = new LocalFirstRateLimits(new RedisRateLimitStorage(redis), {
              onCheck: (counted) => checks.inc({ counted }),
            });
            return {
              throttlers: rateLimitsFrom(env),
              storage: new FailOpenStorage(
                counts,
                // While it is connecting at boot, commands wait for it; once it is lost, they are not sent.
                () => !LOST.has(redis.status),
              ),
              // Only Retry-After, on a 429 (the guard sets it); no X-RateLimit-* on every answer.
              setHeaders: false,
            };
          },
        }),
      ],
    };
  }
}
