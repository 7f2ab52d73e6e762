import { createHash } from 'node:crypto';
import type { Provider } from '@nestjs/common';
import type { SessionUser } from '@app/contracts';
import type { MemoLookup } from '@app/server-core';
import { ENV, MemoCache, MetricsService } from '@app/server-core';
import type { Env } from '../env';

/** Distinct tokens held at once (about 1 kB each); past it the least recently used one goes. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

export type SessionCacheOptions = {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  counted?: (lookup: MemoLookup) => void;
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
  private readonly sessions: MemoCache<SessionUser>;

  constructor({ maxEntries = SESSION_CACHE_MAX_ENTRIES, ...options }: SessionCacheOptions) {
    this.sessions = new MemoCache({ maxEntries, ...options });
  }

  get size(): number {
    return this.sessions.size;
  }

  /**
   * The session behind `token`: a held one, the call already in flight, or a new `load()`. `fresh` skips what is
   * held and makes a new call (whose acceptance is then held for the others).
   */
  resolve(
    token: string,
    load: () => Promise<SessionUser>,
    options: { fresh?: boolean } = {},
  ): Promise<SessionUser> {
    return this.sessions.get(keyOf(token), load, options);
  }

  /**
   * Drops the held sessions `match` picks, and every call still in flight: its answer may have been read before
   * the revocation this follows, and must not be held after it.
   */
  forget(match: (user: SessionUser) => boolean): void {
    this.sessions.forget(match);
  }
}

/** The gateway's one SessionCache: SESSION_CACHE_SECONDS from ENV, its lookups counted in `/metrics`. */
export const sessionCacheProvider: Provider = {
  provide: SessionCache,
  inject: [ENV, MetricsService],
  useFactory: (env: Env, metrics: MetricsService) => {
    return new SessionCache({
      ttlMs: env.SESSION_CACHE_SECONDS * 1000,
      counted: metrics.memoLookups(
        'gateway_session_lookups_total',
        'Session checks of signed-in requests: hit (held), joined (a call in flight), miss (an RPC to auth-service)',
      ),
    });
  },
};
