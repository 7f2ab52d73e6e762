import type { BudgetCount, Counted, Hit, RateLimitStore, StorageRecord } from './redis-rate-limit.storage';
import { toStorageRecord } from './redis-rate-limit.storage';

/** What a replica knows of one budget: Redis' last answer, and the hits it admitted itself since. */
type Held = {
  hit: Hit;
  /** The budget's count in Redis when it last answered (this replica's hits sent so far included). */
  totalHits: number;
  /** Hits this replica admitted and has not sent to Redis yet. */
  unsent: number;
  windowEndsAt: number;
  blockedUntil: number;
};

/** Where a request's budgets were counted: `gateway_rate_limit_checks_total{counted}`. */
export type CountedWhere = 'replica' | 'redis';

export type LocalFirstOptions = {
  /** How often the hits counted here go to Redis (one round trip for all budgets). */
  sendEveryMs?: number;
  /** Budgets this small are counted in Redis at every request. */
  smallestLocalLimit?: number;
  /** The share of a budget kept for counting in Redis: within it of the limit, every hit goes to Redis at once. */
  headroom?: number;
  /** Most budgets held; beyond, new ones are counted in Redis only. */
  maxHeld?: number;
  now?: () => number;
  onCheck?: (where: CountedWhere) => void;
};

/** Lets a held window or block end this much early, so clocks a little apart never admit past Redis' answer. */
const CLOCK_MARGIN_MS = 50;

/**
 * Counts a client's hits in this replica while it is far from its budget, and sends them to Redis in one round trip
 * for all clients every `sendEveryMs` (issue 29 §3: the rate limits were a Redis round trip at every request, the
 * gateway's last one). Redis stays the one count every replica shares:
 * - A budget's first request in a window, and every request once it is within `headroom` of its limit, is counted in
 *   Redis at once, with the hits this replica had not sent yet: near a limit the count is exact, and one replica
 *   never admits a request past it.
 * - Between sends, replicas do not see one another's latest hits: with R replicas a client can exceed a budget by
 *   what R − 1 of them admit in one `sendEveryMs` before the next answer shows it (at 100 ms, a tenth of a second of
 *   the client's own rate), and is blocked from then on as before.
 * - A block Redis answered is answered here until it ends, without asking Redis again: a client hammering a blocked
 *   budget costs the replica, not Redis.
 * - Small budgets (the contact form's 5 an hour) are always counted in Redis.
 */
export class LocalFirstRateLimits implements RateLimitStore {
  private readonly held = new Map<string, Held>();
  private readonly sendEveryMs: number;
  private readonly smallestLocalLimit: number;
  private readonly headroom: number;
  private readonly maxHeld: number;
  private readonly now: () => number;
  private readonly onCheck: (where: CountedWhere) => void;
  private timer?: NodeJS.Timeout;
  private sending?: Promise<void>;

  constructor(
    private readonly redis: {
      count(counted: Counted[]): Promise<BudgetCount[]>;
      countEach(counted: Counted[]): Promise<BudgetCount[]>;
    },
    options: LocalFirstOptions = {},
  ) {
    this.sendEveryMs = options.sendEveryMs ?? 100;
    this.smallestLocalLimit = options.smallestLocalLimit ?? 50;
    this.headroom = options.headroom ?? 0.1;
    this.maxHeld = options.maxHeld ?? 100_000;
    this.now = options.now ?? Date.now;
    this.onCheck = options.onCheck ?? (() => undefined);
  }

  async hitAll(hits: Hit[]): Promise<StorageRecord[]> {
    if (!hits.length) return [];
    const now = this.now();
    const held = hits.map((hit) => this.held.get(keyOf(hit)));
    const blocked = held.findIndex((budget) => budget !== undefined && budget.blockedUntil > now);
    const before = held.slice(0, Math.max(0, blocked));
    if (blocked >= 0 && before.every((budget): budget is Held => budget !== undefined)) {
      this.onCheck('replica');
      return [...before.map((budget) => this.answer(budget, now)), this.answer(held[blocked]!, now, true)];
    }
    if (
      held.every((budget, i): budget is Held => budget !== undefined && this.admits(budget, hits[i], now))
    ) {
      this.onCheck('replica');
      for (const budget of held) budget.unsent += 1;
      this.sendSoon();
      return held.map((budget) => this.answer(budget, now));
    }
    this.onCheck('redis');
    // Taken before the call, so a send meanwhile does not count them twice; a failure loses them, as an outage does.
    const counted = hits.map((hit, i) => ({ hit, count: 1 + this.takeUnsent(held[i]) }));
    const answers = await this.redis.count(counted);
    // Redis stopped at a budget that blocks: the hits of the ones after it were not counted; they stay to send.
    counted.slice(answers.length).forEach(({ hit, count }) => this.keepUnsent(hit, count - 1));
    return answers.map((answer, i) => toStorageRecord(this.learn(hits[i], answer, this.now())));
  }

  /** Sends what is waiting now (tests; the timer does it otherwise). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.send();
  }

  private admits(budget: Held, hit: Hit, now: number): boolean {
    if (hit.limit < this.smallestLocalLimit || hit.limit !== budget.hit.limit) return false;
    if (now >= budget.windowEndsAt - CLOCK_MARGIN_MS) return false;
    const kept = Math.ceil(hit.limit * this.headroom);
    return budget.totalHits + budget.unsent + 1 <= hit.limit - kept;
  }

  /** What a held budget answers now: this replica's count, blocked or not as Redis last said. */
  private answer(budget: Held, now: number, blocked = false): StorageRecord {
    return toStorageRecord({
      totalHits: budget.totalHits + budget.unsent,
      expiresInMs: Math.max(0, budget.windowEndsAt - now),
      isBlocked: blocked,
      blockExpiresInMs: blocked ? budget.blockedUntil - now : 0,
    });
  }

  /** Keeps Redis' answer for a budget; answers it as given. */
  private learn(hit: Hit, answer: BudgetCount, now: number): BudgetCount {
    const key = keyOf(hit);
    const known = this.held.get(key);
    if (!known && this.held.size >= this.maxHeld) return answer;
    this.held.set(key, {
      hit,
      totalHits: answer.totalHits,
      unsent: known?.unsent ?? 0,
      windowEndsAt: now + answer.expiresInMs,
      blockedUntil: answer.isBlocked ? now + answer.blockExpiresInMs - CLOCK_MARGIN_MS : 0,
    });
    return answer;
  }

  private takeUnsent(budget: Held | undefined): number {
    if (!budget) return 0;
    const unsent = budget.unsent;
    budget.unsent = 0;
    return unsent;
  }

  private keepUnsent(hit: Hit, count: number) {
    const budget = this.held.get(keyOf(hit));
    if (budget && count > 0) budget.unsent += count;
  }

  private sendSoon() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.send();
    }, this.sendEveryMs);
    this.timer.unref();
  }

  /** Every budget's unsent hits in one round trip; budgets whose window and block are over are forgotten. */
  private async send(): Promise<void> {
    await this.sending;
    const now = this.now();
    const counted: Counted[] = [];
    for (const [key, budget] of this.held) {
      if (budget.unsent > 0) counted.push({ hit: budget.hit, count: this.takeUnsent(budget) });
      else if (budget.windowEndsAt <= now && budget.blockedUntil <= now) this.held.delete(key);
    }
    if (!counted.length) return;
    this.sending = this.redis.countEach(counted).then(
      (answers) => {
        const at = this.now();
        answers.forEach((answer, i) => this.learn(counted[i].hit, answer, at));
      },
      // Redis is away: these hits go uncounted, as every hit does while it is (FailOpenStorage).
      () => undefined,
    );
    await this.sending;
  }
}

const keyOf = ({ key, throttlerName }: Hit) => `${throttlerName}\u0000${key}`;
