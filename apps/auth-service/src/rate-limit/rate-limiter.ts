import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { ErrorCode, AuthMessages } from '@app/contracts';
import { AppError, InjectRedis } from '@app/server-core';

export type Limit = { max: number; windowSeconds: number };

/** The limit keys that name an email: one table, so deleting an account clears them all. */
export const EmailLimitKeys = {
  loginFailures: (email: string) => `login-failures:email:${email}`,
  signup: (email: string) => `signup:email:${email}`,
  otpRequests: (email: string) => `otp-request:email:${email}`,
} as const;

/** Fixed-window counters on Redis, so limits hold across every replica of the gateway and the service. */
@Injectable()
export class RateLimiter {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  /** Counts one attempt against `key` and refuses (429) once more than `max` happened in the window. */
  async consume(key: string, { max, windowSeconds }: Limit): Promise<void> {
    const count = await this.increment(key, windowSeconds);
    if (count > max) throw new AppError(ErrorCode.RateLimited, AuthMessages.tooManyAttempts);
  }

  /** Refuses (429) when `key` already reached `max`, without counting (pair with `record` on failure). */
  async check(key: string, { max }: Limit): Promise<void> {
    const count = Number((await this.redis.get(this.redisKey(key))) ?? 0);
    if (count >= max) throw new AppError(ErrorCode.RateLimited, AuthMessages.tooManyAttempts);
  }

  async record(key: string, { windowSeconds }: Limit): Promise<void> {
    await this.increment(key, windowSeconds);
  }

  /** Drops every counter that names this email (the account was deleted: DECISIONS 32). */
  async forgetEmail(email: string): Promise<void> {
    await this.redis.del(...Object.values(EmailLimitKeys).map((key) => this.redisKey(key(email))));
  }

  private async increment(key: string, windowSeconds: number): Promise<number> {
    const redisKey = this.redisKey(key);
    const [[, count]] = (await this.redis
      .multi()
      .incr(redisKey)
      .expire(redisKey, windowSeconds, 'NX')
      .exec()) as [[Error | null, number]];
    return count;
  }

  private redisKey(key: string) {
    return `auth:rate:${key}`;
  }
}

/** Limits per action; per-email limits stop guessing one account, per-IP limits stop spraying many. */
export const Limits = {
  loginFailuresPerEmail: { max: 10, windowSeconds: 15 * 60 },
  loginPerIp: { max: 100, windowSeconds: 15 * 60 },
  signupPerEmail: { max: 5, windowSeconds: 60 * 60 },
  signupPerIp: { max: 20, windowSeconds: 60 * 60 },
  otpRequestsPerEmail: { max: 3, windowSeconds: 15 * 60 },
  otpRequestsPerIp: { max: 20, windowSeconds: 15 * 60 },
  otpChecksPerIp: { max: 50, windowSeconds: 15 * 60 },
} as const satisfies Record<string, Limit>;
