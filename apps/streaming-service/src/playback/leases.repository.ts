import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { EpisodeRef, EventPayload } from '@app/contracts';
import { EpisodeRefSchema, LEASE_TTL_SECONDS } from '@app/contracts';
import { InjectRedis, redisScript, runScript, runScriptAfter, sendTogether } from '@app/server-core';
import type { RedisScript } from '@app/server-core';
import { EdgeRevocations } from './edge-revocations';
import { END_LEASES, HEARTBEAT, START_CLOCK, TAKE_LEASE } from './lease-scripts';

/** One screen in use (DECISIONS 9). */
export type LeaseRecord = {
  leaseId: string;
  userId: string;
  sessionId: string;
  movieId: string;
  title: string;
  deviceLabel: string;
  /** The profile watching (issue 25); absent on leases taken before it was kept. */
  profileName?: string;
  startedAt: string;
  /** The viewer was an admin at open (absent on leases taken before it was kept). */
  isAdmin?: boolean;
  /** The title's length as its media says. */
  durationSeconds?: number | null;
};

export type LeaseSettings = {
  /** A lease not renewed for this long frees its screen. */
  ttlSeconds: number;
  /** How long a stopped lease is remembered (its heartbeat answers `leaseActive: false`). */
  stoppedMemorySeconds: number;
  /** Watch time and position may run ahead of the wall clock by this much (timer jitter, a late report). */
  clockAllowanceMs: number;
};

export const LEASE_SETTINGS = Symbol('LEASE_SETTINGS');
export const DEFAULT_LEASE_SETTINGS: LeaseSettings = {
  ttlSeconds: LEASE_TTL_SECONDS,
  stoppedMemorySeconds: 3600,
  clockAllowanceMs: 2_000,
};

export type TakeResult = { taken: true; leaseId: string } | { taken: false };

/** What a heartbeat reports, as the player sent it. */
export type HeartbeatReport = {
  exit: boolean;
  seek: boolean;
  positionSeconds: number;
  watchedSeconds: number;
};

/** The reporting token's life (ms): watch time is credited from its issue at most, and how long a renewal gives. */
export type HeartbeatTimes = { now: number; issuedAt: number; expiresAt: number; renewedUntil: number };

type WatchProgressed = EventPayload<'watch.progressed'>;

/** The `watch.progressed` fields the player's report gives; the clock adds watch time and position (HEARTBEAT). */
export type ProgressFields = Omit<
  WatchProgressed,
  'watchedSeconds' | 'positionSeconds' | 'episode' | 'profileId'
>;

/** A report as the clock counted it, marked unannounced until `clearProgress` (issue 29 §1). */
export type MarkedProgress = { marker: string; report: WatchProgressed };

export type HeartbeatOutcome = {
  /** 'active': the lease was extended; 'ended': it was released (exit), stopped, replaced or is unknown. */
  state: 'active' | 'ended';
  /** The lease as it was (null when it was already gone). */
  lease: LeaseRecord | null;
  /**
   * The `watch.progressed` to announce: what the clock lets count of the report, with the episode ref and the profile
   * that opened the playback (`rememberEpisode`, `rememberProfile`); marked in the same change.
   */
  progress: MarkedProgress;
};

/**
 * Every report's marker, scored by when it was marked (ms): what the outbox's relay sweeps past its grace period. One
 * key for the whole service (the markers themselves carry their account's hash tag).
 */
const UNANNOUNCED = 'streaming:progress:unannounced';

const SCRIPTS = {
  take: redisScript(TAKE_LEASE),
  heartbeat: redisScript(HEARTBEAT),
  startClock: redisScript(START_CLOCK),
  end: redisScript(END_LEASES),
};

/** Rounds to the millisecond: the clock's sums are doubles. */
const seconds = (value: number) => Math.round(value * 1000) / 1000;

const parseEpisode = (raw: string): EpisodeRef | null => {
  if (!raw) return null;
  try {
    return EpisodeRefSchema.parse(JSON.parse(raw));
  } catch {
    // Only this service writes the key; an unreadable value is treated as no episode rather than a failed report.
    return null;
  }
};

/** The payload a marker holds (HEARTBEAT writes it), as `watch.progressed` carries it. */
const progressOf = (marked: string): WatchProgressed => {
  const { episodeRef, watchedSeconds, positionSeconds, ...fields } = JSON.parse(marked) as ProgressFields & {
    watchedSeconds: number;
    positionSeconds: number;
    episodeRef?: string;
    profileId?: string;
  };
  const episode = parseEpisode(episodeRef ?? '');
  return {
    ...fields,
    watchedSeconds: seconds(watchedSeconds),
    positionSeconds: seconds(positionSeconds),
    // Only an episode's reports carry the field: a movie's stay as they were.
    ...(episode ? { episode } : {}),
  };
};

/** Stream leases in Redis: the only code that knows their keys. Every change is one Lua script (atomic). */
@Injectable()
export class LeasesRepository {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    @Inject(LEASE_SETTINGS) private readonly settings: LeaseSettings,
    /** The byte server's side of a lease's end (issue 29 §4); none where no byte server checks links. */
    @Optional() private readonly revocations?: EdgeRevocations,
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

  /**
   * The lease's watch clock starts at its playback's open (`now`), unless it runs already (a reopening); kept at least
   * until `untilMs` (the token's expiry).
   */
  async startClock(userId: string, leaseId: string, now: number, untilMs: number): Promise<void> {
    await this.run(
      SCRIPTS.startClock,
      [this.clockKey(userId, leaseId)],
      [Math.round(now), Math.round(untilMs)],
    );
  }

  /**
   * A heartbeat, atomically (lease-scripts.ts HEARTBEAT): releases on exit or extends a lease still held, puts the
   * report to the lease's clock (watch time and position follow the wall clock, finding 5 of issue 22) and marks the
   * `watch.progressed` it makes (`fields` plus what the clock counted) for the outbox (issue 29 §1).
   */
  async heartbeat(
    userId: string,
    leaseId: string,
    report: HeartbeatReport,
    fields: ProgressFields,
    times: HeartbeatTimes,
  ): Promise<HeartbeatOutcome> {
    const [live, records, stopped] = this.keys(userId);
    const marker = `${this.prefix(userId)}:report:${randomUUID()}`;
    // Indexed before the change that writes it (one write sends both, in this order): a marker the relay's index does
    // not name never exists; an index entry without its marker (the script never ran) is dropped.
    const result = await runScriptAfter(
      this.redis,
      (pipeline) => pipeline.zadd(UNANNOUNCED, Math.round(times.now), marker),
      SCRIPTS.heartbeat,
      [
        live,
        records,
        stopped,
        this.clockKey(userId, leaseId),
        this.episodeKey(userId, leaseId),
        this.profileKey(userId, leaseId),
        marker,
      ],
      [
        Math.round(times.now),
        this.settings.ttlSeconds * 1000,
        leaseId,
        this.keepMs(),
        report.exit ? '1' : '0',
        report.positionSeconds,
        report.watchedSeconds,
        report.seek ? '1' : '0',
        this.settings.clockAllowanceMs,
        Math.round(times.issuedAt),
        Math.round(times.expiresAt),
        Math.round(times.renewedUntil),
        JSON.stringify(fields),
      ],
    );
    const [state, record, marked] = result as [string, string, string];
    if (report.exit) await this.revocations?.revoke([leaseId]);
    return {
      state: state === 'active' ? 'active' : 'ended',
      lease: record ? (JSON.parse(record) as LeaseRecord) : null,
      progress: { marker, report: progressOf(marked) },
    };
  }

  /** The report was announced: its marker goes. */
  async clearProgress(marker: string): Promise<void> {
    await sendTogether(this.redis, (pipeline) => pipeline.del(marker).zrem(UNANNOUNCED, marker));
  }

  /**
   * Reports marked before `before` (ms) that no request announced (its process died first), oldest first, at most
   * `limit`. Index entries whose change never ran are dropped on the way.
   */
  async unannouncedProgress(before: number, limit: number): Promise<MarkedProgress[]> {
    const markers = await this.redis.zrangebyscore(UNANNOUNCED, '-inf', before, 'LIMIT', 0, limit);
    const found: MarkedProgress[] = [];
    for (const marker of markers) {
      const marked = await this.redis.get(marker);
      if (marked === null) await this.redis.zrem(UNANNOUNCED, marker);
      else found.push({ marker, report: progressOf(marked) });
    }
    return found;
  }

  /** Whether delivery may serve the lease's links: held and not expired (stopped, released and replaced are not). */
  async isLive(userId: string, leaseId: string, now = Date.now()): Promise<boolean> {
    const expiresAt = await this.redis.zscore(this.keys(userId)[0], leaseId);
    return expiresAt !== null && Number(expiresAt) > now;
  }

  /** The player left: the screen is free at once. */
  async release(userId: string, leaseId: string): Promise<boolean> {
    return (await this.end(userId, [leaseId], '')) === 1;
  }

  /** "Stop that stream": frees the screen and remembers the lease as stopped; false when it was not held. */
  async stop(userId: string, leaseId: string, now = Date.now()): Promise<boolean> {
    return (await this.stopAll(userId, [leaseId], now)) === 1;
  }

  /** Stops these leases of the account (as `stop`); answers how many were held. */
  stopAll(userId: string, leaseIds: string[], now = Date.now()): Promise<number> {
    if (leaseIds.length === 0) return Promise.resolve(0);
    return this.end(userId, leaseIds, now + this.settings.stoppedMemorySeconds * 1000);
  }

  /**
   * Every lease the account holds, expired ones included (a heartbeat would bring those back): what an event that
   * ends leases chooses from.
   */
  async held(userId: string): Promise<LeaseRecord[]> {
    const records = await this.redis.hgetall(this.keys(userId)[1]);
    return Object.values(records).map((raw) => JSON.parse(raw) as LeaseRecord);
  }

  /**
   * Which episode a lease plays (its heartbeats' `watch.progressed` carry it), kept until `untilMs` (the stream
   * token's expiry; each renewal extends it): every heartbeat a token can make finds it, even after the lease was
   * stopped, released or expired, which a lease record (gone with the lease) would not give.
   */
  async rememberEpisode(
    userId: string,
    leaseId: string,
    episode: EpisodeRef,
    untilMs: number,
  ): Promise<void> {
    await this.redis.set(this.episodeKey(userId, leaseId), JSON.stringify(episode), 'PXAT', untilMs);
  }

  /**
   * Which of the account's profiles a lease plays for (its heartbeats' `watch.progressed` carry it, issue 25), kept
   * as the episode ref is (`rememberEpisode`) until `untilMs`; none (a reopening without a profile) forgets it.
   */
  async rememberProfile(
    userId: string,
    leaseId: string,
    profileId: string | undefined,
    untilMs: number,
  ): Promise<void> {
    const key = this.profileKey(userId, leaseId);
    if (profileId === undefined) await this.redis.del(key);
    else await this.redis.set(key, profileId, 'PXAT', untilMs);
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

  /** Ends the leases in Redis, then at the byte server in front (its links refused from then on). */
  private async end(userId: string, leaseIds: string[], forgetAt: number | ''): Promise<number> {
    const ended = (await this.run(SCRIPTS.end, this.keys(userId).slice(0, 3), [
      forgetAt,
      this.keepMs(),
      ...leaseIds,
    ])) as number;
    await this.revocations?.revoke(leaseIds);
    return ended;
  }

  private keys(userId: string): [string, string, string, string] {
    const prefix = this.prefix(userId);
    return [`${prefix}:live`, `${prefix}:records`, `${prefix}:stopped`, `${prefix}:limit`];
  }

  /** Every key of an account shares its `{userId}` hash tag (one Cluster slot, so one script may touch them all). */
  private prefix(userId: string) {
    return `streaming:leases:{${userId}}`;
  }

  private episodeKey(userId: string, leaseId: string) {
    return `${this.prefix(userId)}:episode:${leaseId}`;
  }

  private profileKey(userId: string, leaseId: string) {
    return `${this.prefix(userId)}:profile:${leaseId}`;
  }

  /** The lease's watch clock: the credited-until cursor and the position line (lease-scripts.ts HEARTBEAT). */
  private clockKey(userId: string, leaseId: string) {
    return `${this.prefix(userId)}:clock:${leaseId}`;
  }

  /** An idle account's keys outlive every lease and the memory of stopped ones, then vanish. */
  private keepMs() {
    return Math.max(this.settings.ttlSeconds, this.settings.stoppedMemorySeconds) * 1000 + 60_000;
  }

  private run(script: RedisScript, keys: string[], args: Array<string | number>): Promise<unknown> {
    return runScript(this.redis, script, keys, args);
  }
}
