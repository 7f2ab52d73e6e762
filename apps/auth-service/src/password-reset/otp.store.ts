import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { InjectRedis } from '@app/server-core';

export type StoredOtp = { hash: string; verified: boolean };

const key = (email: string) => `auth:otp:${email}`;

/**
 * Password-reset OTPs in Redis: the hash and whether step 2 passed; expires with its TTL. Guesses are counted
 * apart from the code (RateLimiter, EmailLimitKeys.otpAttempts), so a new code does not bring them back.
 */
@Injectable()
export class OtpStore {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async save(email: string, hash: string, ttlSeconds: number): Promise<void> {
    await this.redis
      .multi()
      .del(key(email))
      .hset(key(email), { hash, verified: 0 })
      .expire(key(email), ttlSeconds)
      .exec();
  }

  async find(email: string): Promise<StoredOtp | null> {
    const stored = await this.redis.hgetall(key(email));
    if (!stored.hash) return null;
    return { hash: stored.hash, verified: stored.verified === '1' };
  }

  async markVerified(email: string): Promise<void> {
    await this.redis.hset(key(email), 'verified', 1);
  }

  async remove(email: string): Promise<void> {
    await this.redis.del(key(email));
  }
}
