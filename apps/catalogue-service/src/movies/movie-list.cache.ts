import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { CATALOGUE_CHANGES_CHANNEL } from '@app/contracts';
import type { RpcDescriptor, RpcReply } from '@app/contracts';
import {
  checkReply,
  InjectRedis,
  JsonCache,
  JsonReply,
  MemoCache,
  MetricsService,
  RedisBroadcast,
} from '@app/server-core';
import { viewerCacheScope } from '../titles/viewer-classes';

/** A safety net: writes invalidate at once; the TTL only bounds what a missed invalidation could serve. */
const TTL_SECONDS = 300;
/** At most one invalidation per window for bursts of writes (`invalidateCoalesced`). */
export const COALESCE_WINDOW_MS = 1_000;
/**
 * Search pages held per process: their query strings are the public's, so never in Redis (CACHED_PAGES), but a
 * bounded memo here. A search reads the whole catalogue (an unanchored match uses no index), and the same few
 * searches come again and again (issue 29 §3: the largest share of the database's time in the soak).
 */
const SEARCHES_HELD = 500;
const SEARCH_TTL_MS = 60_000;

/** Public lists, sections and genres, kept in Redis so browsing does not hit MongoDB on every request; any catalogue write calls `invalidate()`. */
@Injectable()
export class MovieListCache extends JsonCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(MovieListCache.name);
  /** Open while a coalescing window runs; `again` records a request made during it. */
  private window?: { timer: NodeJS.Timeout; again: boolean };
  private readonly searches: MemoCache<JsonReply<unknown>>;
  /** Tells every replica to drop its searches when one invalidates the lists. */
  private readonly changes: RedisBroadcast;
  /** Tells the gateways to drop what they hold for visitors (only announced on: no connection of its own). */
  private readonly gateways: RedisBroadcast;

  constructor(
    @InjectRedis() redis: Redis,
    @InjectConnection() connection: Connection,
    metrics: MetricsService,
  ) {
    // Namespaced by database, so catalogues (or test suites) sharing one Redis never see each other's pages.
    super(redis, { prefix: `catalogue:${connection.name}:list:`, ttlSeconds: TTL_SECONDS });
    this.changes = new RedisBroadcast(
      redis,
      `catalogue:${connection.name}:lists-changed`,
      'catalogue-service:list-changes',
    );
    this.gateways = new RedisBroadcast(redis, CATALOGUE_CHANGES_CHANNEL, 'catalogue-service:gateways');
    this.searches = new MemoCache({
      ttlMs: SEARCH_TTL_MS,
      maxEntries: SEARCHES_HELD,
      counted: metrics.memoLookups(
        'catalogue_search_lookups_total',
        'Search pages asked: hit (held in this process), joined (a search in flight), miss (MongoDB)',
      ),
    });
  }

  onModuleInit(): void {
    this.changes.dropOnEveryChange(() => this.searches.clear(), this.logger);
  }

  /**
   * A search's page, held in this process as its checked JSON (per ceiling of the calling profile, as the lists),
   * dropped with the lists at any catalogue write, on every replica.
   */
  searchReply<R extends RpcDescriptor>(
    key: string,
    rpc: R,
    load: () => Promise<RpcReply<R>>,
  ): Promise<JsonReply<RpcReply<R>>> {
    return this.searches.get(`${viewerCacheScope()}:${key}`, async () =>
      JsonReply.of(checkReply(rpc, await load(), this.logger)),
    ) as Promise<JsonReply<RpcReply<R>>>;
  }

  /**
   * Drops the lists in Redis, every replica's searches (this one's first, with any search in flight) and what the
   * gateways hold for visitors.
   */
  override async invalidate(): Promise<void> {
    this.searches.clear();
    await super.invalidate();
    await Promise.all([this.changes.announceChange(), this.gateways.announceChange()]);
  }

  /**
   * Read-through, kept apart per ceiling of the calling profile (the lists are filtered by it in the query): a kids
   * profile's answer never serves an adult, nor the reverse.
   */
  override through<V = unknown>(key: string, load: () => Promise<V>): Promise<V> {
    return super.through(`${viewerCacheScope()}:${key}`, load);
  }

  /** `through` for a whole reply, kept as its checked JSON (the browse pages: issue 29 §3). */
  override throughReply<R extends RpcDescriptor>(key: string, rpc: R, load: () => Promise<RpcReply<R>>) {
    return super.throughReply(`${viewerCacheScope()}:${key}`, rpc, load);
  }

  /**
   * `invalidate()` for writes that come in bursts (a `media.ready` per seeded title, thousands at first start):
   * each invalidation is a SCAN of Redis, so the first request invalidates at once and the rest of its window
   * are folded into one more invalidation when the window ends. Lists are then at most one window stale.
   */
  async invalidateCoalesced(): Promise<void> {
    if (this.window) {
      this.window.again = true;
      return;
    }
    const window = { again: false, timer: setTimeout(() => this.closeWindow(), COALESCE_WINDOW_MS) };
    // A pending trailing invalidation must not hold the process open; shutdown flushes it instead.
    window.timer.unref();
    this.window = window;
    await this.invalidate();
  }

  /** Runs the invalidation still owed by the last window, so a stopping service leaves no stale lists behind. */
  async onModuleDestroy(): Promise<void> {
    const window = this.window;
    this.window = undefined;
    if (window) clearTimeout(window.timer);
    if (window?.again) await this.invalidate();
    this.changes.close();
  }

  private closeWindow() {
    const again = this.window?.again ?? false;
    this.window = undefined;
    if (!again) return;
    this.invalidateCoalesced().catch((error: unknown) =>
      // The TTL still bounds how long the lists can be stale.
      this.logger.error({ msg: 'list cache invalidation failed', error: String(error) }),
    );
  }
}
