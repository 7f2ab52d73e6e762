import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { ErrorCode, AuthMessages } from '@app/contracts';
import { AppError, InjectRedis, redisScript, runScript } from '@app/server-core';

/** A fixed window: at most `max` in `windowSeconds`. */
export type Limit = { max: number; windowSeconds: number };

/**
 * Growing delays (DECISIONS 30): `freeAttempts` attempts in a row pass at once; after the n-th one beyond them the
 * next must wait `baseDelaySeconds · 2^(n-1)`, at most `maxDelaySeconds`. Forgotten after `windowSeconds` without
 * an attempt, or when the attempt succeeds.
 */
export type DelayPolicy = {
  freeAttempts: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  windowSeconds: number;
};

/** The limit keys that name an email: one table, so deleting an account clears them all. */
export const EmailLimitKeys = {
  /** One hash per email: a count and a "not before" time per client address (see `takeAttempt`). */
  signInAttempts: (email: string) => `sign-in:email:${email}`,
  signup: (email: string) => `signup:email:${email}`,
  otpRequests: (email: string) => `otp-request:email:${email}`,
  /** OTP guesses, across resends: a new code does not bring the guesses back. */
  otpAttempts: (email: string) => `otp-attempts:email:${email}`,
  verificationMails: (email: string) => `verification-mail:email:${email}`,
} as const;

/**
 * One atomic step per attempt (KEYS[1] the subject's hash; ARGV: client, now ms, free attempts, base delay ms, max
 * delay ms, window ms): refuses while the client's delay runs (answers the ms left), else counts the attempt, sets
 * the delay the next one must wait and answers 0. Parallel attempts therefore cannot all see "not limited yet".
 */
const TAKE_ATTEMPT = redisScript(`
local count_field = ARGV[1] .. ':n'
local until_field = ARGV[1] .. ':until'
local now = tonumber(ARGV[2])
local not_before = tonumber(redis.call('HGET', KEYS[1], until_field) or '0')
if now < not_before then
  return not_before - now
end
local count = redis.call('HINCRBY', KEYS[1], count_field, 1)
local free = tonumber(ARGV[3])
if count > free then
  local delay = math.min(tonumber(ARGV[4]) * math.pow(2, count - free - 1), tonumber(ARGV[5]))
  redis.call('HSET', KEYS[1], until_field, math.floor(now + delay))
end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 0
`);

/** Gives back one counted attempt, unless the window (and its key) is already gone. */
const REFUND = redisScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then
  return redis.call('DECR', KEYS[1])
end
return 0
`);

/** Counters on Redis, so limits hold across every replica of the gateway and the service. */
@Injectable()
export class RateLimiter {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  /**
   * Takes one attempt from `key` before the caller checks anything, and refuses (429) once more than `max`
   * happened in the window. Atomic (INCR), so parallel requests cannot slip past the limit.
   */
  async consume(key: string, { max, windowSeconds }: Limit): Promise<void> {
    const count = await this.increment(key, windowSeconds);
    if (count > max) throw this.tooMany();
  }

  /** Gives back an attempt `consume` took that turned out not to be a guess (the right code). */
  async refund(key: string): Promise<void> {
    await runScript(this.redis, REFUND, [this.redisKey(key)], []);
  }

  /** Forgets the counter (the flow it guarded is complete). */
  async reset(key: string): Promise<void> {
    await this.redis.del(this.redisKey(key));
  }

  /**
   * Takes an attempt of `client` on `key` with growing delays (see DelayPolicy), or refuses (429) while the delay
   * of its previous attempts runs. Per client, so nobody can slow down or lock out anyone else's attempts.
   */
  async takeAttempt(key: string, client: string, policy: DelayPolicy, now = Date.now()): Promise<void> {
    const waitMs = await runScript(
      this.redis,
      TAKE_ATTEMPT,
      [this.redisKey(key)],
      [
        client,
        now,
        policy.freeAttempts,
        policy.baseDelaySeconds * 1000,
        policy.maxDelaySeconds * 1000,
        policy.windowSeconds * 1000,
      ],
    );
    if (Number(waitMs) > 0) throw this.tooMany();
  }

  /** The attempt succeeded: this client starts afresh. */
  async clearAttempts(key: string, client: string): Promise<void> {
    await this.redis.hdel(this.redisKey(key), `${client}:n`, `${client}:until`);
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

  private tooMany() {
    return new AppError(ErrorCode.RateLimited, AuthMessages.tooManyAttempts);
  }

  private redisKey(key: string) {
    return `auth:rate:${key}`;
  }
}

/** Limits per action; per-email limits stop guessing one account, per-client limits stop spraying many. */
export const Limits = {
  loginPerIp: { max: 100, windowSeconds: 15 * 60 },
  signupPerEmail: { max: 5, windowSeconds: 60 * 60 },
  signupPerIp: { max: 20, windowSeconds: 60 * 60 },
  otpRequestsPerEmail: { max: 3, windowSeconds: 15 * 60 },
  otpRequestsPerIp: { max: 20, windowSeconds: 15 * 60 },
  otpChecksPerIp: { max: 50, windowSeconds: 15 * 60 },
  /** DECISIONS 17/30: 5 OTP attempts per email, counted across resends for an hour. */
  otpAttemptsPerEmail: { max: 5, windowSeconds: 60 * 60 },
  /** Resent verification mails (DECISIONS 33); the one sign-up sends is not counted. */
  verificationMailsPerEmail: { max: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

/** Growing delays per (email, client) instead of a lock of the email that anyone could trigger (DECISIONS 30). */
export const Delays = {
  /** Sign-in: 5 attempts at once, then 1 s, 2 s, 4 s … up to 15 minutes between attempts. */
  signIn: { freeAttempts: 5, baseDelaySeconds: 1, maxDelaySeconds: 15 * 60, windowSeconds: 60 * 60 },
} as const satisfies Record<string, DelayPolicy>;

/** The pseudo-client of password confirmations made inside a session (own deletion): only the session holder gets there. */
export const SESSION_CLIENT = 'session';
