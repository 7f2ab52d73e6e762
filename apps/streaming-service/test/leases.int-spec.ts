import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { suiteInfra } from '@app/server-testing';
import type {
  HeartbeatReport,
  LeaseRecord,
  LeaseSettings,
  ProgressFields,
} from '../src/playback/leases.repository';
import { DEFAULT_LEASE_SETTINGS, LeasesRepository } from '../src/playback/leases.repository';

// The lease rules (DECISIONS 9, 35) against a real Redis: the Lua scripts are the rules, so they are tested as they run.
describe('stream leases (Redis)', () => {
  let redis: Redis;
  const settings = (overrides: Partial<LeaseSettings> = {}): LeaseSettings => ({
    ...DEFAULT_LEASE_SETTINGS,
    stoppedMemorySeconds: 600,
    ...overrides,
  });
  const repository = (ttlSeconds = 45) => new LeasesRepository(redis, settings({ ttlSeconds }));
  const newUser = () => randomBytes(12).toString('hex');
  const lease = (userId: string, n: number, overrides: Partial<LeaseRecord> = {}): LeaseRecord => ({
    leaseId: `lease_${randomBytes(8).toString('hex')}`,
    userId,
    sessionId: `session-${n}`,
    movieId: '65f0000000000000000000aa',
    title: `Title ${n}`,
    deviceLabel: `Device ${n}`,
    startedAt: new Date(Date.now() + n).toISOString(),
    ...overrides,
  });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const TOKEN_MS = 120_000;
  /** The `watch.progressed` fields PlaybackService gives a heartbeat of `held` at `now`. */
  const fieldsOf = (held: LeaseRecord, now: number): ProgressFields => ({
    userId: held.userId,
    movieId: held.movieId,
    durationSeconds: 90,
    event: 'tick',
    leaseId: held.leaseId,
    reportedAt: new Date(now).toISOString(),
  });
  /**
   * A heartbeat at `now` (default: the real time) by a token issued at `issuedAt` (default: 10 s before), as
   * PlaybackService sends it; with what its marked report counted beside the outcome.
   */
  const beat = async (
    leases: LeasesRepository,
    held: LeaseRecord,
    report: Partial<HeartbeatReport> = {},
    { now = Date.now(), issuedAt = now - 10_000 }: { now?: number; issuedAt?: number } = {},
  ) => {
    const outcome = await leases.heartbeat(
      held.userId,
      held.leaseId,
      { exit: false, seek: false, positionSeconds: 0, watchedSeconds: 0, ...report },
      fieldsOf(held, now),
      { now, issuedAt, expiresAt: issuedAt + TOKEN_MS, renewedUntil: now + TOKEN_MS },
    );
    const counted = outcome.progress.report;
    return {
      ...outcome,
      watchedSeconds: counted.watchedSeconds,
      positionSeconds: counted.positionSeconds,
      episode: counted.episode ?? null,
      profileId: counted.profileId ?? null,
    };
  };
  const stateOf = async (...args: Parameters<typeof beat>) => (await beat(...args)).state;

  beforeAll(() => {
    redis = new Redis(suiteInfra('streaming-leases').redisUrl);
  });
  afterAll(() => redis.quit());

  it('gives out screens up to the limit and refuses the next', async () => {
    const leases = repository();
    const user = newUser();
    for (let n = 1; n <= 4; n++) expect(await leases.take(lease(user, n), 4)).toMatchObject({ taken: true });
    expect(await leases.take(lease(user, 5), 4)).toEqual({ taken: false });
    const { limit, leases: live } = await leases.live(user);
    expect(limit).toBe(4);
    expect(live.map((l) => l.deviceLabel)).toEqual(['Device 1', 'Device 2', 'Device 3', 'Device 4']);
    // Other accounts are not affected.
    expect(await leases.take(lease(newUser(), 1), 1)).toMatchObject({ taken: true });
  });

  it('gives the same session watching the same title its lease back instead of a second screen', async () => {
    const leases = repository();
    const user = newUser();
    const first = lease(user, 1);
    expect(await leases.take(first, 1)).toEqual({ taken: true, leaseId: first.leaseId });
    expect(await leases.take({ ...lease(user, 1), sessionId: first.sessionId }, 1)).toEqual({
      taken: true,
      leaseId: first.leaseId,
    });
    // Another title on the same device is another screen.
    expect(await leases.take({ ...lease(user, 2), sessionId: first.sessionId, movieId: 'other' }, 1)).toEqual(
      {
        taken: false,
      },
    );
  });

  it('frees a screen when a lease is not renewed within its TTL, and keeps it while renewed', async () => {
    const leases = repository(1);
    const user = newUser();
    const kept = lease(user, 1);
    const lapsed = lease(user, 2);
    await leases.take(kept, 2);
    await leases.take(lapsed, 2);
    expect(await leases.take(lease(user, 3), 2)).toEqual({ taken: false });
    await sleep(600);
    expect(await stateOf(leases, kept)).toBe('active');
    await sleep(600);
    // `lapsed` is 1.2 s old, `kept` was renewed 0.6 s ago.
    expect(await leases.isLive(user, lapsed.leaseId)).toBe(false);
    expect(await leases.isLive(user, kept.leaseId)).toBe(true);
    const third = lease(user, 3);
    expect(await leases.take(third, 2)).toEqual({ taken: true, leaseId: third.leaseId });
    expect((await leases.live(user)).leases.map((l) => l.leaseId)).toEqual([kept.leaseId, third.leaseId]);
    expect(await stateOf(leases, lapsed)).toBe('ended');
  });

  it('stops another stream: its screen is free, its links dead and its next heartbeat is refused', async () => {
    const leases = repository();
    const user = newUser();
    const other = lease(user, 1);
    await leases.take(other, 1);
    expect(await leases.isLive(user, other.leaseId)).toBe(true);
    expect(await leases.stop(newUser(), other.leaseId)).toBe(false); // not another account's to stop
    expect(await leases.stop(user, other.leaseId)).toBe(true);
    expect(await leases.stop(user, other.leaseId)).toBe(false);
    expect(await leases.isLive(user, other.leaseId)).toBe(false);
    expect(await stateOf(leases, other)).toBe('ended');
    expect(await leases.take(lease(user, 2), 1)).toMatchObject({ taken: true });
    expect(await stateOf(leases, other)).toBe('ended');
  });

  it('releases on exit without remembering the lease as stopped', async () => {
    const leases = repository();
    const user = newUser();
    const one = lease(user, 1);
    await leases.take(one, 1);
    expect(await beat(leases, one, { exit: true })).toMatchObject({
      state: 'ended',
      lease: { leaseId: one.leaseId },
    });
    expect(await leases.isLive(user, one.leaseId)).toBe(false);
    expect((await leases.live(user)).leases).toEqual([]);
    expect(await leases.take(lease(user, 2), 1)).toMatchObject({ taken: true });
    expect(await leases.release(user, one.leaseId)).toBe(false);
  });

  it('keeps an episode’s ref for its lease while its tokens live, stopped or not; a renewal extends it', async () => {
    const leases = repository();
    const user = newUser();
    const episode = { seriesId: '65f0000000000000000000bb', seasonNumber: 1, episodeNumber: 3 };
    const watching = lease(user, 1);
    const movie = lease(user, 2);
    await leases.take(watching, 2);
    await leases.take(movie, 2);
    await leases.rememberEpisode(user, watching.leaseId, episode, Date.now() + 1_000);
    expect(await beat(leases, watching)).toMatchObject({ state: 'active', episode });
    expect(await beat(leases, movie)).toMatchObject({ state: 'active', episode: null });
    // The same lease id under another account is another key.
    expect(await beat(leases, { ...watching, userId: newUser() })).toMatchObject({ episode: null });
    // That renewal handed out a token good for TOKEN_MS: the ref lives as long.
    await sleep(1_100);
    // Stopped from another screen: the player's last report still names the episode.
    expect(await leases.stop(user, watching.leaseId)).toBe(true);
    expect(await beat(leases, watching)).toMatchObject({ state: 'ended', episode });
    expect(await redis.pttl(`streaming:leases:{${user}}:episode:${watching.leaseId}`)).toBeGreaterThan(
      60_000,
    );
  });

  it('lets exactly one of 20 devices racing for the last screen win', async () => {
    const leases = repository();
    const user = newUser();
    for (let n = 1; n <= 3; n++) await leases.take(lease(user, n), 4);
    // Separate connections, so the takes really arrive at Redis interleaved rather than queued on one socket.
    const clients = Array.from({ length: 20 }, () => redis.duplicate());
    try {
      const results = await Promise.all(
        clients.map((client, i) => new LeasesRepository(client, settings()).take(lease(user, 10 + i), 4)),
      );
      expect(results.filter((r) => r.taken)).toHaveLength(1);
      expect((await leases.live(user)).leases).toHaveLength(4);
    } finally {
      await Promise.all(clients.map((client) => client.quit()));
    }
  });

  describe('ending leases from elsewhere (DECISIONS 35)', () => {
    it('lists every lease held, an expired one included, and stops the chosen ones for good', async () => {
      const leases = repository(1);
      const user = newUser();
      const [a, b, c] = [lease(user, 1), lease(user, 2), lease(user, 3)];
      for (const held of [a, b, c]) await leases.take(held, 3);
      await sleep(1_100);
      // Expired, not yet replaced: a heartbeat would bring each back.
      expect((await leases.held(user)).map((l) => l.leaseId).sort()).toEqual(
        [a.leaseId, b.leaseId, c.leaseId].sort(),
      );
      expect(await leases.stopAll(user, [a.leaseId, b.leaseId])).toBe(2);
      expect(await stateOf(leases, a)).toBe('ended');
      expect(await stateOf(leases, b)).toBe('ended');
      expect(await stateOf(leases, c)).toBe('active');
      expect((await leases.held(user)).map((l) => l.leaseId)).toEqual([c.leaseId]);
      expect(await leases.stopAll(user, [])).toBe(0);
    });
  });

  describe('the watch clock (issue 22, finding 5)', () => {
    const T0 = Date.now();

    it('credits 40 reports sent within 155 ms with the time that passed plus one allowance, not 255 s', async () => {
      const leases = repository();
      const held = lease(newUser(), 1);
      await leases.take(held, 1);
      let watched = 0;
      let position = 0;
      for (let n = 1; n <= 40; n++) {
        const outcome = await beat(
          leases,
          held,
          { positionSeconds: (30 * n) / 40, watchedSeconds: 6.4 },
          // The token was issued (the playback opened) just before the burst.
          { now: T0 + Math.round((155 * n) / 40), issuedAt: T0 },
        );
        watched += outcome.watchedSeconds;
        position = outcome.positionSeconds;
      }
      // 155 ms of wall clock and the 2 s allowance, granted once.
      expect(watched).toBeCloseTo(2.155, 3);
      // The first report anchors the position (0.75); the rest may run ahead of the clock by the allowance only.
      expect(position).toBeCloseTo(0.75 + (155 - 4) / 1000 + 2, 3);
    });

    it('starts the clock at the playback’s open; the same device reopening its lease does not restart it', async () => {
      const leases = repository();
      const held = lease(newUser(), 1);
      await leases.take(held, 1);
      await leases.startClock(held.userId, held.leaseId, T0, T0 + TOKEN_MS);
      // 3 s after the open: 3 s and the allowance, whatever the token's whole-second issue time says.
      expect(
        await beat(
          leases,
          held,
          { watchedSeconds: 10, positionSeconds: 3 },
          { now: T0 + 3_000, issuedAt: T0 - 1_000 },
        ),
      ).toMatchObject({ state: 'active', watchedSeconds: 5 });
      await leases.startClock(held.userId, held.leaseId, T0 + 4_000, T0 + 4_000 + TOKEN_MS);
      // The allowance was spent: 1 s more of wall clock, 1 s of watch time.
      expect(
        await beat(
          leases,
          held,
          { watchedSeconds: 10, positionSeconds: 4 },
          { now: T0 + 4_000, issuedAt: T0 + 4_000 },
        ),
      ).toMatchObject({ watchedSeconds: 1 });
    });

    it('credits a steady player in full, its pauses included, and never more than the clock', async () => {
      const leases = repository();
      const held = lease(newUser(), 1);
      await leases.take(held, 1);
      const at = (seconds: number) => T0 + seconds * 1000;
      const report = async (
        seconds: number,
        positionSeconds: number,
        watchedSeconds: number,
        seek = false,
      ) => {
        const outcome = await beat(
          leases,
          held,
          { positionSeconds, watchedSeconds, seek },
          { now: at(seconds), issuedAt: T0 },
        );
        return [outcome.watchedSeconds, outcome.positionSeconds];
      };
      // Every 10 s, 10 s played (a late timer: 10.4 s).
      expect(await report(10, 10, 10)).toEqual([10, 10]);
      expect(await report(20.4, 20.4, 10.4)).toEqual([10.4, 20.4]);
      // Paused 30 s: reports with nothing played, the position still.
      expect(await report(30.4, 20.4, 0)).toEqual([0, 20.4]);
      expect(await report(50.4, 20.4, 0)).toEqual([0, 20.4]);
      // Played again: 10 s.
      expect(await report(60.4, 30.4, 10)).toEqual([10, 30.4]);
      // A report claiming 60 s after 10: 10 s and the allowance; the jump without a seek is held to its line.
      expect(await report(70.4, 100, 60)).toEqual([12, 42.4]);
      // A seek may jump anywhere; the watch time stays on the clock (the allowance was spent).
      expect(await report(71.4, 900, 5, true)).toEqual([1, 900]);
      expect(await report(81.4, 910, 10)).toEqual([10, 910]);
    });
  });

  describe('each report marked for the outbox in the heartbeat’s own change (issue 29 §1)', () => {
    it('marks the report as counted, with the episode and the profile, until it is cleared', async () => {
      const leases = repository();
      const held = lease(newUser(), 1);
      await leases.take(held, 1);
      const episode = { seriesId: '65f0000000000000000000bb', seasonNumber: 1, episodeNumber: 3 };
      await leases.rememberEpisode(held.userId, held.leaseId, episode, Date.now() + TOKEN_MS);
      await leases.rememberProfile(held.userId, held.leaseId, 'profile-1', Date.now() + TOKEN_MS);
      const now = Date.now();
      const { progress } = await beat(leases, held, { positionSeconds: 12.5, watchedSeconds: 3 }, { now });
      const expected = {
        ...fieldsOf(held, now),
        positionSeconds: 12.5,
        watchedSeconds: 3,
        episode,
        profileId: 'profile-1',
      };
      expect(progress.report).toEqual(expected);
      // Past the relay's grace period, a marker nobody cleared is found as it was written.
      const found = await leases.unannouncedProgress(now + 1, 1_000);
      expect(found.filter(({ marker }) => marker === progress.marker)).toEqual([
        { marker: progress.marker, report: expected },
      ]);
      // Not before its time.
      expect((await leases.unannouncedProgress(now - 1, 1_000)).map(({ marker }) => marker)).not.toContain(
        progress.marker,
      );
      await leases.clearProgress(progress.marker);
      expect((await leases.unannouncedProgress(now + 1, 1_000)).map(({ marker }) => marker)).not.toContain(
        progress.marker,
      );
      expect(await redis.exists(progress.marker)).toBe(0);
    });

    it('marks a movie’s report without an episode or a profile, and one per heartbeat', async () => {
      const leases = repository();
      const held = lease(newUser(), 1);
      await leases.take(held, 1);
      const first = await beat(leases, held);
      const second = await beat(leases, held, { exit: true });
      expect(first.progress.marker).not.toBe(second.progress.marker);
      expect(second.state).toBe('ended');
      for (const { progress } of [first, second]) {
        expect(progress.report).not.toHaveProperty('episode');
        expect(progress.report).not.toHaveProperty('profileId');
        expect(JSON.parse((await redis.get(progress.marker)) ?? 'null')).toMatchObject({
          leaseId: held.leaseId,
        });
      }
    });

    it('drops an index entry whose change never ran (the process died between the two)', async () => {
      const leases = repository();
      const orphan = `streaming:leases:{${newUser()}}:report:never-written`;
      await redis.zadd('streaming:progress:unannounced', Date.now() - 60_000, orphan);
      expect((await leases.unannouncedProgress(Date.now(), 1_000)).map(({ marker }) => marker)).not.toContain(
        orphan,
      );
      expect(await redis.zscore('streaming:progress:unannounced', orphan)).toBeNull();
    });
  });
});
