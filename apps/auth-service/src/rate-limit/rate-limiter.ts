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
 * the delay the next one must wait and answers minus the attempts counted in a row (never 0). Parallel attempts therefore cannot all see "not limited yet".
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
return -count
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
  async consume(key: string, { max, windowSeconds }: Limit, message?: string): Promise<void> {
    const count = await this.increment(key, windowSeconds);
    if (count > max) throw this.tooMany(message);
  }

  /** `consume` for one client address (from `clientKey`) on an action, with the budget of the address's kind. */
  consumeForAddress(action: string, client: string, limit: AddressLimit): Promise<void> {
    return this.consume(`${action}:ip:${client}`, limitFor(client, limit));
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
   * Answers how many attempts in a row this one is (so a form can say how many tries are left).
   */
  async takeAttempt(key: string, client: string, policy: DelayPolicy, now = Date.now()): Promise<number> {
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
    return -Number(waitMs);
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

  private tooMany(message: string = AuthMessages.tooManyAttempts) {
    return new AppError(ErrorCode.RateLimited, message);
  }

  private redisKey(key: string) {
    return `auth:rate:${key}`;
  }
}

/**
 * A per-address limit, by what the address is (README, security): an IPv4 address is often a carrier-grade NAT
 * (the norm on Indian mobile networks) or an office's one exit, shared by many households at once, so it gets a
 * budget ten times a subscriber's; an IPv6 /64 is one subscriber line or host (`clientKey`).
 */
export type AddressLimit = { shared: Limit; subscriber: Limit };

/** The limit an address counts against: its kind's, from `clientKey`. */
export const limitFor = (client: string, limit: AddressLimit): Limit =>
  client.endsWith('::/64') ? limit.subscriber : limit.shared;

const perAddress = (subscriberMax: number, windowSeconds: number): AddressLimit => ({
  shared: { max: subscriberMax * 10, windowSeconds },
  subscriber: { max: subscriberMax, windowSeconds },
});

/** Per-client (per-address) limits per action: they stop spraying many accounts from one place (README, security). */
export const AddressLimits = {
  login: perAddress(100, 15 * 60),
  signup: perAddress(20, 60 * 60),
  otpRequests: perAddress(20, 15 * 60),
  otpChecks: perAddress(50, 15 * 60),
} as const satisfies Record<string, AddressLimit>;

/** Per-email limits per action: they stop guessing or flooding one account, wherever the attempts come from. */
export const Limits = {
  signupPerEmail: { max: 5, windowSeconds: 60 * 60 },
  otpRequestsPerEmail: { max: 3, windowSeconds: 15 * 60 },
  /** DECISIONS 17/30: 5 OTP attempts per email, counted across resends for an hour. */
  otpAttemptsPerEmail: { max: 5, windowSeconds: 60 * 60 },
  /** Resent verification mails (DECISIONS 33); the one sign-up sends is not counted. */
  verificationMailsPerEmail: { max: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

/** Growing delays per (email, client) instead of a lock of the email that anyone could trigger (DECISIONS 30). */
export const Delays = {
  /** Sign-in: 5 attempts at once, then 1 s, 2 s, 4 s … up to 15 minutes between attempts. */
  signIn: { freeAttempts: 5, baseDelaySeconds: 1, maxDelaySeconds: 15 * 60, windowSeconds: 60 * 60 },
  /**
   * A profile's 4-digit lock (issue 25): 5 tries, then 30 s, 1 min, 2 min … up to an hour between tries, remembered
   * for a day: 10,000 PINs then take months to walk through.
   */
  profilePin: {
    freeAttempts: 5,
    baseDelaySeconds: 30,
    maxDelaySeconds: 60 * 60,
    windowSeconds: 24 * 60 * 60,
  },
  /** The account's parental PIN (issue 25): as a profile's lock; setting it anew (after the password) clears them. */
  parentalPin: {
    freeAttempts: 5,
    baseDelaySeconds: 30,
    maxDelaySeconds: 60 * 60,
    windowSeconds: 24 * 60 * 60,
  },
} as const satisfies Record<string, DelayPolicy>;

/** The pseudo-client of password confirmations made inside a session (own deletion): only the session holder gets there. */
export const SESSION_CLIENT = 'session';
