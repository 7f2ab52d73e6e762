import type { CountedWhere } from './local-first-rate-limits';
import { LocalFirstRateLimits } from './local-first-rate-limits';
import type { BudgetCount, Counted, Hit } from './redis-rate-limit.storage';

/** The rate-limit script's rules (redis-rate-limit.storage.ts HIT_ALL) in memory, on the test's clock, counting calls. */
class ScriptRules {
  readonly calls: Array<{ command: 'count' | 'countEach'; counted: Counted[] }> = [];
  private readonly budgets = new Map<string, { hits: number; windowEndsAt: number; blockedUntil: number }>();

  constructor(private readonly clock: { now: number }) {}

  hitsOf(hit: Hit) {
    return this.budgets.get(hit.key)?.hits ?? 0;
  }

  async count(counted: Counted[]): Promise<BudgetCount[]> {
    this.calls.push({ command: 'count', counted });
    const answers: BudgetCount[] = [];
    for (const one of counted) {
      const answer = this.apply(one);
      answers.push(answer);
      if (answer.isBlocked) break;
    }
    return answers;
  }

  async countEach(counted: Counted[]): Promise<BudgetCount[]> {
    this.calls.push({ command: 'countEach', counted });
    return counted.map((one) => this.apply(one));
  }

  private apply({ hit, count }: Counted): BudgetCount {
    const now = this.clock.now;
    let budget = this.budgets.get(hit.key);
    if (!budget || budget.windowEndsAt <= now) {
      budget = { hits: 0, windowEndsAt: now + hit.ttl, blockedUntil: budget?.blockedUntil ?? 0 };
      this.budgets.set(hit.key, budget);
    }
    budget.hits += count;
    if (budget.blockedUntil <= now && budget.hits > hit.limit) budget.blockedUntil = now + hit.blockDuration;
    return {
      totalHits: budget.hits,
      expiresInMs: budget.windowEndsAt - now,
      isBlocked: budget.blockedUntil > now,
      blockExpiresInMs: Math.max(0, budget.blockedUntil - now),
    };
  }
}

const budget = (limit: number, key = 'client-1'): Hit => ({
  key,
  throttlerName: 'default',
  ttl: 60_000,
  limit,
  blockDuration: 60_000,
});

describe('LocalFirstRateLimits', () => {
  const setUp = () => {
    const clock = { now: 1_000_000 };
    const redis = new ScriptRules(clock);
    const checks: CountedWhere[] = [];
    const limits = new LocalFirstRateLimits(redis, {
      now: () => clock.now,
      onCheck: (where) => checks.push(where),
      sendEveryMs: 60_000,
    });
    return { clock, redis, checks, limits };
  };

  it("counts a client's first request in Redis, the next ones here, and sends those in one round trip", async () => {
    const { redis, checks, limits } = setUp();
    const hit = budget(600);
    const answers = [];
    for (let n = 0; n < 10; n++) answers.push((await limits.hitAll([hit]))[0]);

    expect(checks).toEqual(['redis', ...Array(9).fill('replica')]);
    expect(answers.map((answer) => answer.totalHits)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(redis.hitsOf(hit)).toBe(1);
    await limits.flush();
    expect(redis.calls.map(({ command, counted }) => [command, counted.map(({ count }) => count)])).toEqual([
      ['count', [1]],
      ['countEach', [9]],
    ]);
    expect(redis.hitsOf(hit)).toBe(10);
  });

  it('sends every client’s hits in one round trip', async () => {
    const { redis, limits } = setUp();
    for (const key of ['a', 'b', 'c']) for (let n = 0; n < 3; n++) await limits.hitAll([budget(600, key)]);
    await limits.flush();
    expect(redis.calls.filter(({ command }) => command === 'countEach')).toEqual([
      {
        command: 'countEach',
        counted: ['a', 'b', 'c'].map((key) => ({ hit: budget(600, key), count: 2 })),
      },
    ]);
  });

  it('asks Redis at every request near the limit, with what it counted meanwhile, and refuses exactly the one past it', async () => {
    const { redis, checks, limits } = setUp();
    const hit = budget(50);
    const blockedAt: number[] = [];
    for (let n = 1; n <= 55; n++) if ((await limits.hitAll([hit]))[0].isBlocked) blockedAt.push(n);

    expect(blockedAt).toEqual([51, 52, 53, 54, 55]);
    // 1 in Redis, 2-45 here (5 of 50 kept for Redis), 46-51 in Redis, the block then answered here.
    expect(checks.filter((where) => where === 'redis')).toHaveLength(1 + 6);
    expect(redis.calls[1]).toEqual({ command: 'count', counted: [{ hit, count: 45 }] });
    expect(redis.hitsOf(hit)).toBe(51);
  });

  it('answers a blocked budget here until its block ends, then asks Redis again', async () => {
    const { clock, redis, limits } = setUp();
    const hit = budget(50);
    for (let n = 0; n < 51; n++) await limits.hitAll([hit]);
    const calls = redis.calls.length;

    const [blocked] = await limits.hitAll([hit]);
    expect(blocked).toMatchObject({ isBlocked: true, timeToBlockExpire: 60 });
    expect(redis.calls).toHaveLength(calls);

    clock.now += 61_000;
    const [afresh] = await limits.hitAll([hit]);
    expect(afresh).toMatchObject({ isBlocked: false, totalHits: 1 });
    expect(redis.calls).toHaveLength(calls + 1);
  });

  it('counts a small budget (the contact form’s) in Redis at every request', async () => {
    const { checks, limits } = setUp();
    for (let n = 0; n < 5; n++) await limits.hitAll([budget(5)]);
    expect(checks).toEqual(Array(5).fill('redis'));
  });

  it('asks Redis again once the window it knew has ended', async () => {
    const { clock, checks, limits } = setUp();
    const hit = budget(600);
    await limits.hitAll([hit]);
    await limits.hitAll([hit]);
    clock.now += 60_000;
    const [answer] = await limits.hitAll([hit]);
    expect(checks).toEqual(['redis', 'replica', 'redis']);
    // The hit counted here before the window ended went with this request into the new window.
    expect(answer.totalHits).toBe(2);
  });

  it('keeps the hits of budgets Redis did not count because an earlier one blocked, and sends them later', async () => {
    const { redis, limits } = setUp();
    const tight = budget(1, 'tight');
    const wide = { ...budget(600, 'wide'), throttlerName: 'browse' };
    await limits.hitAll([wide]);
    await limits.hitAll([wide]);
    await limits.hitAll([tight]);
    const answers = await limits.hitAll([tight, wide]);
    expect(answers).toHaveLength(1);
    expect(answers[0].isBlocked).toBe(true);
    await limits.flush();
    expect(redis.hitsOf(wide)).toBe(2);
  });

  it('learns the hits another replica sent when it sends its own, and lets two replicas past a budget by at most its headroom', async () => {
    const clock = { now: 1_000_000 };
    const redis = new ScriptRules(clock);
    const [one, two] = [0, 1].map(
      () => new LocalFirstRateLimits(redis, { now: () => clock.now, sendEveryMs: 60_000 }),
    );
    const hit = budget(100);
    for (let n = 0; n < 40; n++) await one.hitAll([hit]);
    await one.flush();
    for (let n = 0; n < 40; n++) await two.hitAll([hit]);
    await two.flush();
    expect(redis.calls.at(-1)).toEqual({ command: 'countEach', counted: [{ hit, count: 39 }] });
    // `one` still knows 40 of its own; its next send answers the 80 both sent.
    expect((await one.hitAll([hit]))[0].totalHits).toBe(41);
    await one.flush();
    expect((await one.hitAll([hit]))[0].totalHits).toBe(82);

    // Taking turns without sends: each counts here up to 90, then in Redis; the hits the other holds unsent are what
    // can pass the limit, at most the 10 kept for Redis.
    let admitted = 82;
    for (let n = 0; n < 40; n++) if (!(await (n % 2 ? one : two).hitAll([hit]))[0].isBlocked) admitted += 1;
    expect(admitted).toBeGreaterThanOrEqual(100);
    expect(admitted).toBeLessThanOrEqual(110);
  });
});
