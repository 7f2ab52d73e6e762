import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { suiteInfra } from '@app/server-testing';
import type { LeaseRecord } from '../src/playback/leases.repository';
import { LeasesRepository } from '../src/playback/leases.repository';

// The lease rules (DECISIONS 9) against a real Redis: the Lua scripts are the rules, so they are tested as they run.
describe('stream leases (Redis)', () => {
  let redis: Redis;
  const repository = (ttlSeconds = 45) =>
    new LeasesRepository(redis, { ttlSeconds, stoppedMemorySeconds: 600 });
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
    expect(await leases.renew(user, kept.leaseId)).toBe(true);
    await sleep(600);
    // `lapsed` is 1.2 s old, `kept` was renewed 0.6 s ago.
    const third = lease(user, 3);
    expect(await leases.take(third, 2)).toEqual({ taken: true, leaseId: third.leaseId });
    expect((await leases.live(user)).leases.map((l) => l.leaseId)).toEqual([kept.leaseId, third.leaseId]);
    expect(await leases.renew(user, lapsed.leaseId)).toBe(false);
  });

  it('stops another stream: its screen is free and its next heartbeat is refused', async () => {
    const leases = repository();
    const user = newUser();
    const other = lease(user, 1);
    await leases.take(other, 1);
    expect(await leases.stop(newUser(), other.leaseId)).toBe(false); // not another account's to stop
    expect(await leases.stop(user, other.leaseId)).toBe(true);
    expect(await leases.stop(user, other.leaseId)).toBe(false);
    expect(await leases.renew(user, other.leaseId)).toBe(false);
    expect(await leases.take(lease(user, 2), 1)).toMatchObject({ taken: true });
    expect(await leases.renew(user, other.leaseId)).toBe(false);
  });

  it('releases on exit without remembering the lease as stopped', async () => {
    const leases = repository();
    const user = newUser();
    const one = lease(user, 1);
    await leases.take(one, 1);
    expect(await leases.release(user, one.leaseId)).toBe(true);
    expect((await leases.live(user)).leases).toEqual([]);
    expect(await leases.take(lease(user, 2), 1)).toMatchObject({ taken: true });
  });

  it('keeps an episode’s ref for its lease until the token expires, stopped or not', async () => {
    const leases = repository();
    const user = newUser();
    const episode = { seriesId: '65f0000000000000000000bb', seasonNumber: 1, episodeNumber: 3 };
    const watching = lease(user, 1);
    const movie = lease(user, 2);
    await leases.take(watching, 2);
    await leases.take(movie, 2);
    await leases.rememberEpisode(user, watching.leaseId, episode, Date.now() + 1_000);
    expect(await leases.episodeOf(user, watching.leaseId)).toEqual(episode);
    expect(await leases.episodeOf(user, movie.leaseId)).toBeNull();
    // The same lease id under another account is another key.
    expect(await leases.episodeOf(newUser(), watching.leaseId)).toBeNull();
    // Stopped from another screen: the player's last report still names the episode.
    expect(await leases.stop(user, watching.leaseId)).toBe(true);
    expect(await leases.episodeOf(user, watching.leaseId)).toEqual(episode);
    // Past the token's expiry no heartbeat is accepted, and the ref is gone with it.
    await sleep(1_100);
    expect(await leases.episodeOf(user, watching.leaseId)).toBeNull();
  });

  it('lets exactly one of 20 devices racing for the last screen win', async () => {
    const leases = repository();
    const user = newUser();
    for (let n = 1; n <= 3; n++) await leases.take(lease(user, n), 4);
    // Separate connections, so the takes really arrive at Redis interleaved rather than queued on one socket.
    const clients = Array.from({ length: 20 }, () => redis.duplicate());
    try {
      const results = await Promise.all(
        clients.map((client, i) =>
          new LeasesRepository(client, { ttlSeconds: 45, stoppedMemorySeconds: 600 }).take(
            lease(user, 10 + i),
            4,
          ),
        ),
      );
      expect(results.filter((r) => r.taken)).toHaveLength(1);
      expect((await leases.live(user)).leases).toHaveLength(4);
    } finally {
      await Promise.all(clients.map((client) => client.quit()));
    }
  });
});
