import { inspect } from 'node:util';
import { AuthMessages, ErrorCode, Role, UserStatus } from '@app/contracts';
import type { SessionUser } from '@app/contracts';
import type { MemoLookup } from '@app/server-core';
import { AppError } from '@app/server-core';
import { SessionCache } from './session.cache';

const sessionOf = (id: string): SessionUser => ({
  id,
  username: id,
  email: `${id}@example.in`,
  role: Role.User,
  status: UserStatus.Active,
  sessionId: `session-${id}`,
  emailVerified: true,
});
const expired = () => new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired);

/** A call to auth-service the test answers when it chooses. */
const deferred = () => {
  let settle!: { resolve: (user: SessionUser) => void; reject: (error: unknown) => void };
  const promise = new Promise<SessionUser>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
};

/** A cache on a clock the test moves, counting its lookups, over a stand-in `load` per token. */
const setUp = (ttlMs: number, maxEntries?: number) => {
  let now = 1_000_000;
  const lookups: MemoLookup[] = [];
  const cache = new SessionCache({ ttlMs, maxEntries, now: () => now, counted: (l) => lookups.push(l) });
  const load = jest.fn((token: string) => Promise.resolve(sessionOf(token)));
  const resolve = (token: string, fresh = false) => cache.resolve(token, () => load(token), { fresh });
  return { cache, load, resolve, lookups, advance: (ms: number) => (now += ms) };
};

describe('SessionCache', () => {
  it('answers a token from the held session within the TTL, and asks again after it', async () => {
    const { load, resolve, advance } = setUp(5_000);
    expect(await resolve('asha')).toEqual(sessionOf('asha'));
    advance(4_999);
    expect(await resolve('asha')).toEqual(sessionOf('asha'));
    expect(load).toHaveBeenCalledTimes(1);
    advance(1);
    await resolve('asha');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks auth-service on every request with a TTL of 0', async () => {
    const { cache, load, resolve } = setUp(0);
    await resolve('asha');
    await resolve('asha');
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('makes one call for a burst of one token, shared by every request of the burst', async () => {
    const { cache, lookups } = setUp(5_000);
    const call = deferred();
    const load = jest.fn(() => call.promise);
    const burst = Array.from({ length: 5 }, () => cache.resolve('asha', load));
    call.resolve(sessionOf('asha'));
    expect(await Promise.all(burst)).toEqual(Array.from({ length: 5 }, () => sessionOf('asha')));
    await cache.resolve('asha', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(lookups).toEqual(['miss', 'joined', 'joined', 'joined', 'joined', 'hit']);
  });

  it('shares a refusal with the requests waiting on it, then forgets it: the next request asks again', async () => {
    const { cache } = setUp(5_000);
    const call = deferred();
    const load = jest.fn(() => call.promise);
    const burst = [cache.resolve('asha', load), cache.resolve('asha', load)];
    call.reject(expired());
    for (const outcome of await Promise.allSettled(burst))
      expect(outcome).toEqual({ status: 'rejected', reason: expired() });
    expect(load).toHaveBeenCalledTimes(1);
    // The account was reinstated (or the token was refused by mistake): accepted on the very next request.
    const again = jest.fn(() => Promise.resolve(sessionOf('asha')));
    expect(await cache.resolve('asha', again)).toEqual(sessionOf('asha'));
    expect(cache.size).toBe(1);
  });

  it('does not hold a failure either (auth-service timed out), nor a load that throws', async () => {
    const { cache } = setUp(5_000);
    await expect(cache.resolve('asha', () => Promise.reject(new Error('timeout')))).rejects.toThrow(
      'timeout',
    );
    await expect(
      cache.resolve('asha', () => {
        throw new Error('no client');
      }),
    ).rejects.toThrow('no client');
    expect(cache.size).toBe(0);
  });

  it('asks afresh when told to, and holds that answer for the requests after it', async () => {
    const { load, resolve } = setUp(5_000);
    await resolve('asha');
    await resolve('asha', true);
    await resolve('asha');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps a fresh answer when the call it replaced is refused after it (the older call's refusal drops only itself)", async () => {
    const { cache } = setUp(5_000);
    const older = deferred();
    const first = cache.resolve('asha', () => older.promise);
    await cache.resolve('asha', () => Promise.resolve(sessionOf('asha')), { fresh: true });
    older.reject(expired());
    await expect(first).rejects.toEqual(expired());
    const load = jest.fn(() => Promise.resolve(sessionOf('other')));
    expect(await cache.resolve('asha', load)).toEqual(sessionOf('asha'));
    expect(load).not.toHaveBeenCalled();
  });

  it('holds at most maxEntries tokens, dropping the least recently used', async () => {
    const { cache, load, resolve } = setUp(5_000, 2);
    await resolve('asha');
    await resolve('ravi');
    await resolve('asha');
    await resolve('meera');
    expect(cache.size).toBe(2);
    load.mockClear();
    await resolve('asha');
    await resolve('meera');
    expect(load).not.toHaveBeenCalled();
    await resolve('ravi');
    expect(load).toHaveBeenCalledWith('ravi');
  });

  it('forgets the sessions a revocation names, and keeps the others', async () => {
    const { cache, load, resolve } = setUp(5_000);
    await resolve('asha');
    await resolve('ravi');
    cache.forget((user) => user.sessionId === 'session-asha');
    load.mockClear();
    await resolve('asha');
    await resolve('ravi');
    expect(load.mock.calls).toEqual([['asha']]);
  });

  it('does not hold the answer of a call that was in flight when a revocation came', async () => {
    const { cache } = setUp(5_000);
    const call = deferred();
    const inFlight = cache.resolve('asha', () => call.promise);
    cache.forget((user) => user.id === 'someone else');
    call.resolve(sessionOf('asha'));
    await inFlight;
    const load = jest.fn(() => Promise.reject(expired()));
    await expect(cache.resolve('asha', load)).rejects.toEqual(expired());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never holds the bearer token itself (a heap dump or a debug print shows digests)', async () => {
    const { cache } = setUp(5_000);
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhc2hhIn0.c2lnbmF0dXJl';
    await cache.resolve(token, () => Promise.resolve(sessionOf('asha')));
    expect(cache.size).toBe(1);
    expect(inspect(cache, { depth: 5 })).not.toContain(token);
  });
});
