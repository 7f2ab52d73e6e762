import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { RpcDescriptor, RpcReply } from '@app/contracts';
import { checkReply, JsonReply } from '../rpc/rpc-reply';

export type JsonCacheOptions = {
  /** Every key starts with it, e.g. `catalogue:<db>:list:`; `invalidate()` drops everything under it. */
  prefix: string;
  /** Expiry of `set` and `through` unless `set` is given its own. */
  ttlSeconds: number;
};

/**
 * JSON values in Redis under one key prefix, each with an expiry: the one cache shape of the services.
 * Subclass it as an injectable (`class RatingCache extends JsonCache<MovieRating>`) so Nest can hand it out.
 */
export class JsonCache<T = unknown> {
  /**
   * Loads in flight, by stored key: requests that miss while one is loading wait for it instead of running the same
   * query again (a cold or just-invalidated page asked by many at once: issue 29 §3, the soak's first seconds).
   */
  private readonly loading = new Map<string, Promise<unknown>>();
  /** Counts `invalidate()` calls: a load that began before one answers its caller but is not stored. */
  private generation = 0;

  constructor(
    private readonly redis: Redis,
    private readonly options: JsonCacheOptions,
  ) {}

  async get<V extends T = T>(key: string): Promise<V | null> {
    const cached = await this.redis.get(this.options.prefix + key);
    return cached === null ? null : (JSON.parse(cached) as V);
  }

  async set<V extends T = T>(key: string, value: V, ttlSeconds = this.options.ttlSeconds): Promise<void> {
    await this.redis.set(this.options.prefix + key, JSON.stringify(value), 'EX', ttlSeconds);
  }

  /** Read-through: the cached value, else `load()`'s, stored. */
  async through<V extends T = T>(key: string, load: () => Promise<V>): Promise<V> {
    const cached = await this.get<V>(key);
    if (cached !== null) return cached;
    return this.once(this.options.prefix + key, load, (value) => this.set(key, value));
  }

  /**
   * Read-through of a reply's JSON, checked against its contract when stored: a hit is answered as the stored
   * bytes, with no parse, check or serialisation (issue 29 §3). The key names the contract's shape, so an entry
   * written under another version of it (a rolling deploy) is never sent. A reply that breaks its contract is not
   * stored and answers Internal.
   */
  async throughReply<R extends RpcDescriptor>(
    key: string,
    rpc: R,
    load: () => Promise<RpcReply<R>>,
  ): Promise<JsonReply<RpcReply<R>>> {
    const stored = `${this.options.prefix}${shapeOf(rpc)}:${key}`;
    const cached = await this.redis.getBuffer(stored);
    if (cached !== null) return new JsonReply(cached);
    return this.once(
      stored,
      async () => JsonReply.of(checkReply(rpc, await load(), replyLogger)),
      async (reply) => {
        await this.redis.set(stored, reply.bytes, 'EX', this.options.ttlSeconds);
      },
    );
  }

  /**
   * `load` for a stored key, shared by every caller that asks while it runs, then `store`d unless an invalidation
   * came meanwhile (the answer may predate the write it dropped).
   */
  private once<V>(stored: string, load: () => Promise<V>, store: (value: V) => Promise<void>): Promise<V> {
    const inFlight = this.loading.get(stored);
    if (inFlight) return inFlight as Promise<V>;
    const generation = this.generation;
    const loaded = (async () => {
      const value = await load();
      if (generation === this.generation) await store(value);
      return value;
    })().finally(() => {
      if (this.loading.get(stored) === loaded) this.loading.delete(stored);
    });
    this.loading.set(stored, loaded);
    return loaded;
  }

  async forget(key: string): Promise<void> {
    this.loading.delete(this.options.prefix + key);
    await this.redis.unlink(this.options.prefix + key);
  }

  /** Drops every key under the prefix (a SCAN: meant for rare events such as a catalogue write). */
  async invalidate(): Promise<void> {
    // A load that began before this write may have read what it changed: it is not stored, and a request from now
    // on starts its own.
    this.generation += 1;
    this.loading.clear();
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(
        cursor,
        'MATCH',
        `${escapeGlob(this.options.prefix)}*`,
        'COUNT',
        500,
      );
      if (keys.length) await this.redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
}

const replyLogger = new Logger('JsonCache');
const shapes = new WeakMap<RpcDescriptor, string>();

/** A short digest of a reply schema's JSON Schema, computed once per descriptor. */
const shapeOf = (rpc: RpcDescriptor): string => {
  let shape = shapes.get(rpc);
  if (!shape) {
    const schema = JSON.stringify(z.toJSONSchema(rpc.reply, { unrepresentable: 'any' }));
    shape = createHash('sha256').update(schema).digest('hex').slice(0, 12);
    shapes.set(rpc, shape);
  }
  return shape;
};

/** A prefix is literal text; MATCH would read `*?[]\` in it as a pattern. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');
