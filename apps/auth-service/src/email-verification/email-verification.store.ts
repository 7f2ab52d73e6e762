import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { InjectRedis, redisScript, runScript } from '@app/server-core';

/** Whose email a verification link proves, as it was when the link was mailed. */
export type VerificationClaim = { userId: string; email: string };

/** What opening a link found: its claim, and whether the link had been opened before (`spent`). */
export type TakenLink = VerificationClaim & { spent: boolean };

/**
 * How long a used link is remembered, so opening it again (a reload, the mail clicked a second time) can say the
 * email is already verified instead of calling the link invalid.
 */
export const SPENT_LINK_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Stored under the token's SHA-256: a Redis dump holds no usable link. */
const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const key = (token: string) => `auth:email-verification:${digest(token)}`;
const spentKey = (token: string) => `auth:email-verification:spent:${digest(token)}`;

/**
 * KEYS[1] the link, KEYS[2] its spent marker; ARGV[1] the marker's TTL. A fresh link moves to its marker in one
 * step (so two opens cannot both use it) and answers `{1, claim}`; a used one answers `{0, claim}`; nil otherwise.
 */
const TAKE = redisScript(`
local claim = redis.call('GET', KEYS[1])
if claim then
  redis.call('DEL', KEYS[1])
  redis.call('SET', KEYS[2], claim, 'EX', tonumber(ARGV[1]))
  return {1, claim}
end
local spent = redis.call('GET', KEYS[2])
if spent then
  return {0, spent}
end
return nil
`);

const parseClaim = (raw: string): VerificationClaim | null => {
  const claim = JSON.parse(raw) as Partial<VerificationClaim>;
  return typeof claim.userId === 'string' && typeof claim.email === 'string'
    ? { userId: claim.userId, email: claim.email }
    : null;
};

/** Verification links in Redis: one-time, expiring with their TTL; a used one is remembered as used. */
@Injectable()
export class EmailVerificationStore {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async save(token: string, claim: VerificationClaim, ttlSeconds: number): Promise<void> {
    await this.redis.set(key(token), JSON.stringify(claim), 'EX', ttlSeconds);
  }

  /** Single use: the first read spends the link; later reads find it spent. Null for an unknown or expired link. */
  async take(token: string): Promise<TakenLink | null> {
    const found = (await runScript(
      this.redis,
      TAKE,
      [key(token), spentKey(token)],
      [SPENT_LINK_TTL_SECONDS],
    )) as [number, string] | null;
    if (!found) return null;
    const claim = parseClaim(found[1]);
    return claim && { ...claim, spent: found[0] === 0 };
  }
}
