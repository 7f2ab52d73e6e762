import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { InjectRedis } from '@app/server-core';

/** Whose email a verification link proves, as it was when the link was mailed. */
export type VerificationClaim = { userId: string; email: string };

/** Stored under the token's SHA-256: a Redis dump holds no usable link. */
const key = (token: string) => `auth:email-verification:${createHash('sha256').update(token).digest('hex')}`;

/** Verification links in Redis: one-time, expiring with their TTL. */
@Injectable()
export class EmailVerificationStore {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async save(token: string, claim: VerificationClaim, ttlSeconds: number): Promise<void> {
    await this.redis.set(key(token), JSON.stringify(claim), 'EX', ttlSeconds);
  }

  /** Single use: the link is spent once read. */
  async take(token: string): Promise<VerificationClaim | null> {
    const raw = await this.redis.getdel(key(token));
    if (!raw) return null;
    const claim = JSON.parse(raw) as Partial<VerificationClaim>;
    return typeof claim.userId === 'string' && typeof claim.email === 'string'
      ? { userId: claim.userId, email: claim.email }
      : null;
  }
}
