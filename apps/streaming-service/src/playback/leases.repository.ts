import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { EpisodeRef } from '@app/contracts';
import { EpisodeRefSchema, LEASE_TTL_SECONDS } from '@app/contracts';
import { InjectRedis, redisScript, runScript } from '@app/server-core';
import type { RedisScript } from '@app/server-core';
import { END_LEASE, RENEW_LEASE, TAKE_LEASE } from './lease-scripts';

/** One screen in use (DECISIONS 9). */
export type LeaseRecord = {
  leaseId: string;
  userId: string;
  sessionId: string;
  movieId: string;
  title: string;
  deviceLabel: string;
  startedAt: string;
};

export type LeaseSettings = {
  /** A lease not renewed for this long frees its screen. */
  ttlSeconds: number;
  /** How long a stopped lease is remembered (its heartbeat answers `leaseActive: false`). */
  stoppedMemorySeconds: number;
};

export const LEASE_SETTINGS = Symbol('LEASE_SETTINGS');
export const DEFAULT_LEASE_SETTINGS: LeaseSettings = {
  ttlSeconds: LEASE_TTL_SECONDS,
  stoppedMemorySeconds: 3600,
};

export type TakeResult = { taken: true; leaseId: string } | { taken: false };

const SCRIPTS = {
  take: redisScript(TAKE_LEASE),
  renew: redisScript(RENEW_LEASE),
  end: redisScript(END_LEASE),
};

/** Stream leases in Redis: the only code that knows their keys. Every change is one Lua script (atomic). */
@Injectable()
export class LeasesRepository {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    @Inject(LEASE_SETTINGS) private readonly settings: LeaseSettings,
  ) {}

  /**
   * Takes a screen for `lease` unless `limit` live leases exist; the same session watching the same title gets
   * its existing lease back (renewed) instead of a second screen.
   */
  async take(lease: LeaseRecord, limit: number, now = Date.now()): Promise<TakeResult> {
    const [taken, leaseId] = (await this.run(SCRIPTS.take, this.keys(lease.userId), [
      now,
      this.settings.ttlSeconds * 1000,
      limit,
      lease.leaseId,
      lease.sessionId,
      lease.movieId,
      JSON.stringify(lease),
      this.keepMs(),
    ])) as [number, string];
    return taken === 1 ? { taken: true, leaseId } : { taken: false };
  }

  /** Extends a lease still held; false when it was stopped, released or replaced after expiring. */
  async renew(userId: string, leaseId: string, now = Date.now()): Promise<boolean> {
    const renewed = await this.run(SCRIPTS.renew, this.keys(userId).slice(0, 3), [
      now,
      this.settings.ttlSeconds * 1000,
      leaseId,
      this.keepMs(),
    ]);
    return renewed === 1;
  }

  /** The player left: the screen is free at once. */
  async release(userId: string, leaseId: string): Promise<boolean> {
    return (await this.run(SCRIPTS.end, this.keys(userId).slice(0, 3), [leaseId, '', 0])) === 1;
  }

  /** "Stop that stream": frees the screen and remembers the lease as stopped; false when it was not held. */
  async stop(userId: string, leaseId: string, now = Date.now()): Promise<boolean> {
    const forgetAt = now + this.settings.stoppedMemorySeconds * 1000;
    return (
      (await this.run(SCRIPTS.end, this.keys(userId).slice(0, 3), [leaseId, forgetAt, this.keepMs()])) === 1
    );
  }

  /**
   * Which episode a lease plays (its heartbeats' `watch.progressed` carry it), kept until `untilMs` (the stream
   * token's expiry): every heartbeat the token can make finds it, even after the lease was stopped, released or
   * expired, which a lease record (gone with the lease) would not give.
   */
  async rememberEpisode(
    userId: string,
    leaseId: string,
    episode: EpisodeRef,
    untilMs: number,
  ): Promise<void> {
    await this.redis.set(this.episodeKey(userId, leaseId), JSON.stringify(episode), 'PXAT', untilMs);
  }

  /** The episode `rememberEpisode` kept for the lease; null for a movie's lease (or once the token expired). */
  async episodeOf(userId: string, leaseId: string): Promise<EpisodeRef | null> {
    const raw = await this.redis.get(this.episodeKey(userId, leaseId));
    if (raw === null) return null;
    try {
      return EpisodeRefSchema.parse(JSON.parse(raw));
    } catch {
      // Only this service writes the key; an unreadable value is treated as no episode rather than a failed report.
      return null;
    }
  }

  /** The account's live leases (oldest first) and the screen limit it last opened with (null: none known). */
  async live(userId: string, now = Date.now()): Promise<{ limit: number | null; leases: LeaseRecord[] }> {
    const [liveKey, recordsKey, , limitKey] = this.keys(userId);
    const [ids, records, limit] = await Promise.all([
      this.redis.zrangebyscore(liveKey, `(${now}`, '+inf'),
      this.redis.hgetall(recordsKey),
      this.redis.get(limitKey),
    ]);
    const leases = ids.flatMap((id) => {
      const raw = records[id];
      return raw ? [JSON.parse(raw) as LeaseRecord] : [];
    });
    leases.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
    return { limit: limit === null ? null : Number(limit), leases };
  }

  private keys(userId: string): [string, string, string, string] {
    const prefix = `streaming:leases:{${userId}}`;
    return [`${prefix}:live`, `${prefix}:records`, `${prefix}:stopped`, `${prefix}:limit`];
  }

  /** Same `{userId}` hash tag as the lease keys. */
  private episodeKey(userId: string, leaseId: string) {
    return `streaming:leases:{${userId}}:episode:${leaseId}`;
  }

  /** An idle account's keys outlive every lease and the memory of stopped ones, then vanish. */
  private keepMs() {
    return Math.max(this.settings.ttlSeconds, this.settings.stoppedMemorySeconds) * 1000 + 60_000;
  }

  private run(script: RedisScript, keys: string[], args: Array<string | number>): Promise<unknown> {
    return runScript(this.redis, script, keys, args);
  }
}
