import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { EventPayload, EventType, OpenedPlayback, OpenPlaybackRpc } from '@app/contracts';
import { EVENT_STREAM, LEASE_CHECK_CACHE_MS, PlaybackEvent, StreamingRpc } from '@app/contracts';
import { EventBus } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { waitUntil } from '@app/server-testing';
import { MediaLayout } from '../src/media/media-layout';
import { LeasesRepository } from '../src/playback/leases.repository';
import { objectId, openRequest } from './asset-fixture';
import { startDeliverySuite, type DeliverySuite } from './delivery-context';

// Issue 22, finding 1 (DECISIONS 35): a stream link lives only with its lease. For each way a lease ends, the old
// link (master playlist, a segment, the MP4) answers 403 once LEASE_CHECK_CACHE_MS has passed since streaming-service
// ended the lease: the bound of delivery's lease check. The events are published on the bus as auth-service and
// payment-service publish them (apps/api-gateway/test/stream-links.int-spec.ts drives the same through the gateway
// with the real auth-service). Finding 3: a deleted account's player gets leaseActive false and records nothing.
// Finding 5: watch time follows the clock.

describe('stream links bound to their lease', () => {
  let suite: DeliverySuite;
  let service: ServiceUnderTest;
  let redis: Redis;
  let leases: LeasesRepository;
  let bus: EventBus;
  const movieId = objectId();
  const otherMovieId = objectId();

  beforeAll(async () => {
    // A 30 s film, and a second title.
    suite = await startDeliverySuite('streaming-links', MediaLayout.sampleDir(7), [
      { movieId, durationSeconds: 30 },
      { movieId: otherMovieId, durationSeconds: 30 },
    ]);
    ({ service, redis } = suite);
    leases = service.app.get(LeasesRepository);
    bus = service.app.get(EventBus);
  });

  afterAll(() => suite?.close());

  const viewer = (overrides: Partial<OpenPlaybackRpc> = {}) => openRequest(movieId, overrides);
  const open = (request: OpenPlaybackRpc) => service.call(StreamingRpc.open, request);
  const heartbeat = (
    playback: { token: string; leaseId: string },
    event: PlaybackEvent = PlaybackEvent.Tick,
    extra = {},
  ) =>
    service.call(StreamingRpc.heartbeat, {
      token: playback.token,
      leaseId: playback.leaseId,
      positionSeconds: 5,
      durationSeconds: 30,
      event,
      watchedSeconds: 1,
      ...extra,
    });

  /** The old link's three kinds of request: the master playlist, a segment, the MP4 (a range of it). */
  const statuses = async ({ token, movieId: id }: { token: string; movieId: string }) => {
    const base = `${service.httpUrl}/stream/t/${token}/${id}`;
    const answers = await Promise.all([
      fetch(`${base}/master.m3u8`),
      fetch(`${base}/480p/seg_00001.m4s`),
      fetch(`${service.httpUrl}/stream/${id}?token=${token}`, { headers: { Range: 'bytes=0-99' } }),
    ]);
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    return answers.map((answer) => answer.status);
  };
  const SERVED = [200, 200, 206];
  const REFUSED = [403, 403, 403];

  /**
   * Waits until streaming-service has ended the lease (as Redis shows), then for delivery's bound, and answers what
   * the old link gets then. The link was just served, so delivery's cache held the lease as live.
   */
  const afterTheBound = async (request: OpenPlaybackRpc, playback: OpenedPlayback) => {
    await waitUntil(async () => !(await leases.isLive(request.userId, playback.leaseId)), 'the lease to end');
    await sleep(LEASE_CHECK_CACHE_MS);
    return statuses(playback);
  };

  const publish = <T extends EventType>(type: T, payload: EventPayload<T>) => bus.publish(type, payload);

  /** The `watch.progressed` payloads of a lease, newest first. */
  const progressReports = async (leaseId: string) =>
    (await redis.xrevrange(EVENT_STREAM, '+', '-', 'COUNT', 500))
      .map(
        ([, fields]) =>
          JSON.parse(fields[fields.length - 1]) as {
            type: string;
            payload: EventPayload<'watch.progressed'>;
          },
      )
      .filter((event) => event.type === 'watch.progressed' && event.payload.leaseId === leaseId)
      .map((event) => event.payload);

  it('serves a live lease’s links, and its renewed token from each heartbeat', async () => {
    const playback = await open(viewer());
    expect(await statuses(playback)).toEqual(SERVED);
    const beat = await heartbeat(playback);
    expect(beat).toMatchObject({ leaseActive: true, token: expect.any(String), movieId });
    expect(await statuses({ token: beat.token ?? '', movieId })).toEqual(SERVED);
  });

  it('stop that stream: the stopped device’s link is refused', async () => {
    const request = viewer();
    const playback = await open(request);
    expect(await statuses(playback)).toEqual(SERVED);
    expect(
      await service.call(StreamingRpc.stop, { userId: request.userId, leaseId: playback.leaseId }),
    ).toEqual({
      stopped: true,
    });
    expect(await afterTheBound(request, playback)).toEqual(REFUSED);
  });

  it('exit on a 1-screen plan: the first device’s link is refused and only the second device’s serves', async () => {
    const first = viewer({ screens: 1 });
    const second = { ...first, sessionId: 'the-other-device', deviceLabel: 'Phone' };
    const one = await open(first);
    expect(await statuses(one)).toEqual(SERVED);
    expect(await heartbeat(one, 'exit')).toMatchObject({ leaseActive: false });
    const two = await open(second);
    expect(await afterTheBound(first, one)).toEqual(REFUSED);
    expect(await statuses(two)).toEqual(SERVED);
    // The renewed tokens of the exited lease are no way back either.
    expect(await heartbeat(one)).toMatchObject({ leaseActive: false });
    expect(await heartbeat(one)).not.toHaveProperty('token');
  });

  it('sign-out (session.revoked of one session) refuses that session’s links only', async () => {
    const request = viewer({ screens: 2 });
    const otherSession = { ...request, sessionId: 'still-signed-in', movieId: otherMovieId };
    const signedOut = await open(request);
    const stays = await open(otherSession);
    expect([await statuses(signedOut), await statuses(stays)]).toEqual([SERVED, SERVED]);
    await publish('session.revoked', { userId: request.userId, sessionId: request.sessionId });
    expect(await afterTheBound(request, signedOut)).toEqual(REFUSED);
    expect(await statuses(stays)).toEqual(SERVED);
    expect(await heartbeat(signedOut)).toMatchObject({ leaseActive: false });
  });

  it('password change or reset (session.revoked of every session) refuses every link of the account', async () => {
    const request = viewer({ screens: 2 });
    const other = { ...request, sessionId: 'another-device', movieId: otherMovieId };
    const a = await open(request);
    const b = await open(other);
    const bystander = await open(viewer());
    expect(await statuses(a)).toEqual(SERVED);
    expect(await statuses(b)).toEqual(SERVED);
    await publish('session.revoked', { userId: request.userId, sessionId: null });
    expect(await afterTheBound(request, a)).toEqual(REFUSED);
    expect(await afterTheBound(other, b)).toEqual(REFUSED);
    // Another account plays on.
    expect(await statuses(bystander)).toEqual(SERVED);
  });

  it('ban (user.updated with status banned) refuses every link of the account', async () => {
    const request = viewer();
    const playback = await open(request);
    expect(await statuses(playback)).toEqual(SERVED);
    const user = { userId: request.userId, username: 'Asha', email: 'asha@example.in', role: 'user' };
    await publish('user.updated', { ...user, status: 'banned' });
    expect(await afterTheBound(request, playback)).toEqual(REFUSED);
  });

  it('account deletion: links refused, heartbeats answer leaseActive false and record nothing (finding 3)', async () => {
    const request = viewer();
    const playback = await open(request);
    expect(await statuses(playback)).toEqual(SERVED);
    await heartbeat(playback, 'tick', { positionSeconds: 10, watchedSeconds: 10 });
    expect(await progressReports(playback.leaseId)).toHaveLength(1);
    await publish('user.deleted', { userId: request.userId });
    expect(await afterTheBound(request, playback)).toEqual(REFUSED);
    for (const event of ['tick', 'pause', 'exit'] as const) {
      expect(await heartbeat(playback, event, { positionSeconds: 30 })).toMatchObject({ leaseActive: false });
    }
    expect(await progressReports(playback.leaseId)).toHaveLength(1);
    // A late redelivery of the deletion changes nothing.
    await publish('user.deleted', { userId: request.userId });
  });

  it('refund (entitlement.revoked): the title’s links are refused; a refunded plan refuses every one', async () => {
    const request = viewer({ screens: 2 });
    const other = { ...request, sessionId: 'tablet', movieId: otherMovieId };
    const rented = await open(request);
    const onPlan = await open(other);
    expect([await statuses(rented), await statuses(onPlan)]).toEqual([SERVED, SERVED]);
    const revoked = { userId: request.userId, planId: null, source: `pay_${objectId()}`, reason: 'refund' };
    await publish('entitlement.revoked', { ...revoked, kind: 'rental', movieId });
    expect(await afterTheBound(request, rented)).toEqual(REFUSED);
    expect(await statuses(onPlan)).toEqual(SERVED);
    await publish('entitlement.revoked', {
      ...revoked,
      kind: 'subscription',
      movieId: null,
      planId: 'standard',
    });
    expect(await afterTheBound(other, onPlan)).toEqual(REFUSED);
  });

  it('40 heartbeats in a burst on a 30 s film credit the time that passed, not 255 s (finding 5)', async () => {
    // From before the open: its watch clock starts inside the open, whose answer takes a while longer.
    const started = Date.now();
    const playback = await open(viewer());
    for (let n = 1; n <= 40; n++) {
      await heartbeat(playback, 'tick', { positionSeconds: (30 * n) / 40, watchedSeconds: 6.4 });
    }
    const elapsedSeconds = (Date.now() - started) / 1000;
    const reports = await progressReports(playback.leaseId);
    expect(reports).toHaveLength(40);
    const credited = reports.reduce((sum, report) => sum + report.watchedSeconds, 0);
    // Wall clock since the token was issued, plus the 2 s allowance once.
    expect(credited).toBeLessThanOrEqual(elapsedSeconds + 2 + 0.01);
    // Nowhere near the end: the position ran ahead of the clock by the allowance at most.
    expect(reports[0].positionSeconds).toBeLessThanOrEqual(0.75 + elapsedSeconds + 2 + 0.01);
  });
});
