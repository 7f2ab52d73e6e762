import { createHash } from 'node:crypto';
import type { Provider } from '@nestjs/common';
import { Counter } from 'prom-client';
import type { SessionUser } from '@app/contracts';
import { ENV, MetricsService } from '@app/server-core';
import type { Env } from '../env';

/** Distinct tokens held at once (about 1 kB each); past it the least recently used one goes. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** How a lookup was answered: from a held session, by joining a call in flight, or by a new call. */
export type SessionLookup = 'hit' | 'joined' | 'miss';

export type SessionCacheOptions = {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  counted?: (lookup: SessionLookup) => void;
};

type Entry = {
  session: Promise<SessionUser>;
  expiresAt: number;
  /** Set once auth-service accepted the token; unset while the call is in flight. */
  user?: SessionUser;
};

/** Keys are digests: the map, a heap dump or a debug line never holds a usable bearer token. */
const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Sessions auth-service resolved, reused by this process for `ttlMs` (SESSION_CACHE_SECONDS) so a signed-in page
 * does not cost an RPC per request. One call per token at a time: a burst of one viewer's requests shares it.
 * Only acceptances are held: a refusal (401/403) or a failure (timeout, 503) is dropped the moment it settles, so
 * the requests that were waiting on that call share it and the next request asks again (a reinstated account or a
 * recovered auth-service works at once). Revocations made through this process call `forget`; those made elsewhere
 * (another replica, auth-service itself) are seen once the entry expires.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly counted: (lookup: SessionLookup) => void;

  constructor({
    ttlMs,
    maxEntries = SESSION_CACHE_MAX_ENTRIES,
    now = Date.now,
    counted,
  }: SessionCacheOptions) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.now = now;
    this.counted = counted ?? (() => undefined);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The session behind `token`: a held one, the call already in flight, or a new `load()`. `fresh` skips what is
   * held and makes a new call (whose acceptance is then held for the others).
   */
  resolve(token: string, load: () => Promise<SessionUser>, { fresh = false } = {}): Promise<SessionUser> {
    if (this.ttlMs <= 0) {
      this.counted('miss');
      return load();
    }
    const key = keyOf(token);
    const now = this.now();
    const held = this.entries.get(key);
    if (held && !fresh && held.expiresAt > now) {
      // Re-inserted so the Map's first key is always the least recently used.
      this.entries.delete(key);
      this.entries.set(key, held);
      this.counted(held.user ? 'hit' : 'joined');
      return held.session;
    }
    this.counted('miss');
    const entry: Entry = { session: new Promise((resolve) => resolve(load())), expiresAt: now + this.ttlMs };
    this.entries.delete(key);
    this.entries.set(key, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    void entry.session.then(
      (user) => {
        entry.user = user;
      },
      () => {
        // Only this call's entry: a newer one for the same token may have replaced it meanwhile.
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.session;
  }

  /**
   * Drops the held sessions `match` picks, and every call still in flight: its answer may have been read before
   * the revocation this follows, and must not be held after it.
   */
  forget(match: (user: SessionUser) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (!entry.user || match(entry.user)) this.entries.delete(key);
    }
  }
}

/** The gateway's one SessionCache: SESSION_CACHE_SECONDS from ENV, its lookups counted in `/metrics`. */
export const sessionCacheProvider: Provider = {
  provide: SessionCache,
  inject: [ENV, MetricsService],
  useFactory: (env: Env, metrics: MetricsService) => {
    const lookups = new Counter({
      name: 'gateway_session_lookups_total',
      help: 'Session checks of signed-in requests: hit (held), joined (a call in flight), miss (an RPC to auth-service)',
      labelNames: ['result'] as const,
      registers: [metrics.registry],
    });
    return new SessionCache({
      ttlMs: env.SESSION_CACHE_SECONDS * 1000,
      counted: (result) => lookups.inc({ result }),
    });
  },
};
