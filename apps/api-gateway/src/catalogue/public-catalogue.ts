import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CATALOGUE_CHANGES_CHANNEL } from '@app/contracts';
import type { RpcDescriptor, RpcReply, RpcRequest } from '@app/contracts';
import type { JsonReply } from '@app/server-core';
import {
  ENV,
  InjectRedis,
  MemoCache,
  MetricsService,
  RedisBroadcast,
  RequestContext,
} from '@app/server-core';
import type { Env } from '../env';

/** Query strings are the public's: a bounded set, the least recently read going first. */
const MAX_HELD = 2_000;

/**
 * The catalogue's answers every visitor reads alike (browse pages, sections, genres, a title's page), held in this
 * gateway as the JSON catalogue-service checked (issue 29 §3: a third of the soak's RPCs, each a NATS round trip to
 * a service that answered them from its own cache). Kept apart per profile ceiling, as catalogue-service keeps them:
 * a kids profile's answer never serves an adult, nor the reverse. Dropped at once:
 * - when this gateway relays any catalogue write (an admin's edit, a review), before it answers it;
 * - when catalogue-service announces a change on CATALOGUE_CHANGES_CHANNEL (any replica's write, a scheduled
 *   publication, media becoming ready), and each time that subscription's connection comes back.
 * An answer that failed is never held. CATALOGUE_HOLD_SECONDS (60) bounds the rest, as a safety net.
 */
@Injectable()
export class PublicCatalogue implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PublicCatalogue.name);
  private readonly held: MemoCache<JsonReply<unknown>>;
  private readonly broadcast: RedisBroadcast;

  constructor(
    @InjectRedis() redis: Redis,
    metrics: MetricsService,
    @Inject(ENV) { CATALOGUE_HOLD_SECONDS }: Pick<Env, 'CATALOGUE_HOLD_SECONDS'>,
  ) {
    this.broadcast = new RedisBroadcast(redis, CATALOGUE_CHANGES_CHANNEL, 'api-gateway:catalogue-changes');
    this.held = new MemoCache({
      ttlMs: CATALOGUE_HOLD_SECONDS * 1000,
      maxEntries: MAX_HELD,
      counted: metrics.memoLookups(
        'gateway_catalogue_reads_total',
        "Visitors' catalogue reads: hit (held here), joined (a call in flight), miss (a catalogue-service call)",
      ),
    });
  }

  /** The held answer to `rpc` with `payload` for the calling profile's ceiling, or `load`'s. */
  read<R extends RpcDescriptor>(
    rpc: R,
    payload: RpcRequest<R>,
    load: () => Promise<JsonReply<RpcReply<R>>>,
  ): Promise<JsonReply<RpcReply<R>>> {
    const ceiling = RequestContext.profile()?.maturityCeiling ?? 'all';
    const key = `${rpc.pattern}|${ceiling}|${JSON.stringify(payload)}`;
    return this.held.get(key, load) as Promise<JsonReply<RpcReply<R>>>;
  }

  /** A catalogue write went through this gateway: what it held may show the title as it was. */
  changed(): void {
    this.held.clear();
  }

  onModuleInit(): void {
    this.broadcast.dropOnEveryChange(() => this.held.clear(), this.logger);
  }

  onApplicationShutdown(): void {
    this.broadcast.close();
  }
}
