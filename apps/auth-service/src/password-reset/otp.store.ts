import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { InjectRedis } from '@app/server-core';

export type StoredOtp = { hash: string; attempts: number; verified: boolean };

const key = (email: string) => `auth:otp:${email}`;

/** Password-reset OTPs in Redis: the hash, wrong attempts and whether step 2 passed; expires with its TTL. */
@Injectable()
export class OtpStore {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async save(email: string, hash: string, ttlSeconds: number): Promise<void> {
    await this.redis
      .multi()
      .del(key(email))
      .hset(key(email), { hash, attempts: 0, verified: 0 })
      .expire(key(email), ttlSeconds)
      .exec();
  }

  async find(email: string): Promise<StoredOtp | null> {
    const stored = await this.redis.hgetall(key(email));
    if (!stored.hash) return null;
    return { hash: stored.hash, attempts: Number(stored.attempts), verified: stored.verified === '1' };
  }

  /** Atomic, so parallel guesses cannot each see "4 attempts". Returns the new count. */
  async recordWrongAttempt(email: string): Promise<number> {
    const [[, attempts]] = (await this.redis
      .multi()
      .hincrby(key(email), 'attempts', 1)
      .expire(key(email), 600, 'NX')
      .exec()) as [[Error | null, number]];
    return attempts;
  }

  async markVerified(email: string): Promise<void> {
    await this.redis.hset(key(email), 'verified', 1);
  }

  async remove(email: string): Promise<void> {
    await this.redis.del(key(email));
  }
}
