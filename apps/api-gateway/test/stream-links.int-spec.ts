import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
import type { Redis } from 'ioredis';
import mongoose from 'mongoose';
import {
  AccessReason,
  EVENT_STREAM,
  HistoryPatterns,
  LEASE_CHECK_CACHE_MS,
  PaymentPatterns,
  Quality,
  SeriesPatterns,
} from '@app/contracts';
import type { Entitlement, HeartbeatReply, PlaybackSession, RentalClock, TitleFacts } from '@app/contracts';
import { createRedisClient, EventBus } from '@app/server-core';
import { newId, planEntitlement, pollOutbox, suiteInfra, waitUntil } from '@app/server-testing';
import { fakeMovie, moviePlayable } from './fakes';
import { callGateway, startFakeService, startGateway, standIn } from './gateway-harness';
import { recordReadyAssets, signIn, signUp, startServiceProcesses, suiteSecrets } from './real-services';
import type { ServiceProcess } from './service-process';

// Issue 22, finding 1 (DECISIONS 35), end to end: the real auth-service and streaming-service (as processes, as
// `npm start` runs them) behind the real gateway; the catalogue and payment-service are stand-ins here, so a test
// can say what the entitlement answers (a refund is published on the bus as payment-service publishes it). For
// each way access ends, a stream link that was just served (master playlist, a segment, the MP4) is refused with
// 403 once streaming-service has ended its lease and LEASE_CHECK_CACHE_MS (2 s, delivery's bound) has passed. Clock
// ends (rental expiry, plan end) are found by the next heartbeat, which asks the entitlement again.

const PASSWORD = 'Pw-stream-links-1';

/** What the stand-in payment-service answers, per viewer and title; a Standard plan on 2 screens unless set. */
const answers = new Map<string, Partial<Entitlement>>();
const answerKey = (userId: string, movieId: string) => `${userId}:${movieId}`;
const FakeCatalogueAndPaymentsModule = standIn({
  [SeriesPatterns.playable]: ({ id }: { id: string }) => moviePlayable(fakeMovie(id)),
  [PaymentPatterns.entitlement]: ({ viewer, title }: { viewer: { userId: string }; title: TitleFacts }) =>
    planEntitlement(title.movieId, answers.get(answerKey(viewer.userId, title.movieId))),
  [PaymentPatterns.startRental]: ({
    userId,
    movieId,
  }: {
    userId: string;
    movieId: string;
  }): RentalClock | null => answers.get(answerKey(userId, movieId))?.rental ?? null,
  [HistoryPatterns.resumePoint]: () => null,
});

type Viewer = { id: string; email: string; token: string; ip: string };

describe('stream links end with access (issue 22, finding 1)', () => {
  const stores = { auth: suiteInfra('stream-links-auth'), streaming: suiteInfra('stream-links-streaming') };
  const services: ServiceProcess[] = [];
  let workDir: string;
  let outbox: string;
  let streaming: ServiceProcess;
  let fakes: INestMicroservice;
  let gateway: INestApplication;
  let url: string;
  let redis: Redis;
  let bus: EventBus;
  /** Lengths of the titles' media (a rental may finish its film: DECISIONS 7). */
  const durations = new Map<string, number>();

  /** A title with media: a master playlist, one rendition, a segment and the MP4 (media-layout.ts's names). */
  const newTitle = async (durationSeconds = 600) => {
    const movieId = newId();
    const dir = `assets/${movieId}`;
    const files: Array<[string, string]> = [
      [
        `${dir}/hls/master.m3u8`,
        '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=854x480\n480p/index.m3u8\n',
      ],
      [`${dir}/hls/480p/index.m3u8`, '#EXTM3U\n#EXTINF:4.0,\nseg_00001.m4s\n#EXT-X-ENDLIST\n'],
      [`${dir}/hls/480p/seg_00001.m4s`, 'segment bytes'.repeat(100)],
      [`${dir}/video.mp4`, 'mp4 bytes'.repeat(200)],
    ];
    for (const [key, body] of files) {
      await mkdir(dirname(join(workDir, 'media', key)), { recursive: true });
      await writeFile(join(workDir, 'media', key), body);
    }
    await recordReadyAssets(stores.streaming.mongoUri, [{ movieId, durationSeconds, renditions: ['480p'] }]);
    durations.set(movieId, durationSeconds);
    return movieId;
  };

  /** Each viewer signs up from an address of their own (sign-up is limited per address). */
  let nextHost = 1;
  const newViewer = async (): Promise<Viewer> => {
    const ip = `198.51.100.${nextHost++}`;
    return { ip, ...(await signUp(url, PASSWORD, { 'x-forwarded-for': ip })) };
  };
  /** Another session of `viewer`'s, from the same address. */
  const signInAgain = (viewer: Viewer) =>
    signIn(url, { email: viewer.email, password: PASSWORD }, { 'x-forwarded-for': viewer.ip });
  const as = (viewer: { token: string; ip: string }, method: string, path: string, body?: unknown) =>
    callGateway(url, method, path, { body, token: viewer.token, headers: { 'x-forwarded-for': viewer.ip } });

  const play = async (viewer: Viewer, movieId: string) => {
    const res = await as(viewer, 'POST', `/api/playback/${movieId}`, { deviceLabel: 'Test device' });
    expect(res.status).toBe(200);
    return (await res.json()) as PlaybackSession;
  };
  const heartbeat = async (
    playback: { token: string; leaseId: string; movieId: string },
    event: 'tick' | 'exit' = 'tick',
  ) => {
    const res = await callGateway(url, 'POST', '/api/playback/heartbeat', {
      body: {
        token: playback.token,
        leaseId: playback.leaseId,
        positionSeconds: 1,
        durationSeconds: durations.get(playback.movieId) ?? null,
        event,
        watchedSeconds: 0,
      },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as HeartbeatReply;
  };

  /** The link's three kinds of request, straight at streaming-service's byte server. */
  const statuses = async ({ token, movieId }: { token: string; movieId: string }) => {
    const answersOf = await Promise.all([
      fetch(`${streaming.httpUrl}/stream/t/${token}/${movieId}/master.m3u8`),
      fetch(`${streaming.httpUrl}/stream/t/${token}/${movieId}/480p/seg_00001.m4s`),
      fetch(`${streaming.httpUrl}/stream/${movieId}?token=${token}`, { headers: { Range: 'bytes=0-99' } }),
    ]);
    await Promise.all(answersOf.map((answer) => answer.arrayBuffer()));
    return answersOf.map((answer) => answer.status);
  };
  const SERVED = [200, 200, 206];
  const REFUSED = [403, 403, 403];

  /** Whether streaming-service still holds the lease live (its Redis). */
  const leaseLive = async (userId: string, leaseId: string) =>
    Number((await redis.zscore(`streaming:leases:{${userId}}:live`, leaseId)) ?? 0) > Date.now();
  /** What the old link gets once streaming-service has ended the lease and delivery's bound has passed. */
  const afterTheBound = async (userId: string, playback: PlaybackSession) => {
    await waitUntil(async () => !(await leaseLive(userId, playback.leaseId)), 'the lease to end');
    await sleep(LEASE_CHECK_CACHE_MS);
    return statuses(playback);
  };

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'stream-links-'));
    outbox = join(workDir, 'outbox');
    const envOf = (store: (typeof stores)[keyof typeof stores]) => ({
      MONGODB_URI: store.mongoUri,
      MONGODB_DB: store.mongoDb,
      REDIS_URL: store.redisUrl,
      OUTBOX_DIR: outbox,
      MEDIA_DIR: join(workDir, 'media'),
      ...suiteSecrets('stream-links'),
    });
    [, streaming] = await startServiceProcesses(services, [
      ['auth-service', envOf(stores.auth)],
      ['streaming-service', envOf(stores.streaming)],
    ]);
    ({ app: fakes } = await startFakeService(FakeCatalogueAndPaymentsModule));
    ({ app: gateway, url } = await startGateway({ LOG_LEVEL: 'error' }));
    redis = createRedisClient(stores.streaming.redisUrl);
    bus = new EventBus(redis);
  }, 180_000);

  afterAll(async () => {
    redis?.disconnect();
    await gateway?.close();
    await fakes?.close();
    await Promise.all(services.map((service) => service.stop()));
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('serves a live lease’s link, and the token each heartbeat renews', async () => {
    const viewer = await newViewer();
    const playback = await play(viewer, await newTitle());
    expect(await statuses(playback)).toEqual(SERVED);
    const beat = await heartbeat(playback);
    expect(beat).toEqual({ leaseActive: true, token: expect.any(String), expiresAt: expect.any(String) });
    expect(await statuses({ ...playback, token: beat.token ?? '' })).toEqual(SERVED);
  });

  it('stop that stream (from another screen of the account)', async () => {
    const viewer = await newViewer();
    const playback = await play(viewer, await newTitle());
    expect(await statuses(playback)).toEqual(SERVED);
    expect((await as(viewer, 'DELETE', `/api/playback/streams/${playback.leaseId}`)).status).toBe(200);
    expect(await afterTheBound(viewer.id, playback)).toEqual(REFUSED);
  });

  it('exit on a 1-screen rental: the next device plays, and only its link serves bytes', async () => {
    const viewer = await newViewer();
    const movieId = await newTitle();
    answers.set(answerKey(viewer.id, movieId), {
      reason: AccessReason.Rental,
      quality: Quality.FullHD,
      screens: 1,
      plan: null,
      rental: {
        rentedAt: new Date(Date.now() - 3_600_000).toISOString(),
        startBy: new Date(Date.now() + 86_400_000).toISOString(),
        startedAt: new Date(Date.now() - 60_000).toISOString(),
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    const first = await play(viewer, movieId);
    expect(await statuses(first)).toEqual(SERVED);
    const secondDevice = { ...viewer, ...(await signInAgain(viewer)) };
    expect((await as(secondDevice, 'POST', `/api/playback/${movieId}`, {})).status).toBe(409);
    expect(await heartbeat(first, 'exit')).toEqual({ leaseActive: false });
    const second = await play(secondDevice, movieId);
    expect(await afterTheBound(viewer.id, first)).toEqual(REFUSED);
    expect(await statuses(second)).toEqual(SERVED);
  });

  it('sign-out: that session’s link is refused, another session’s plays on', async () => {
    const viewer = await newViewer();
    const other = { ...viewer, ...(await signInAgain(viewer)) };
    const [signedOut, stays] = [await play(viewer, await newTitle()), await play(other, await newTitle())];
    expect([await statuses(signedOut), await statuses(stays)]).toEqual([SERVED, SERVED]);
    expect((await as(viewer, 'POST', '/api/auth/logout')).status).toBe(204);
    expect(await afterTheBound(viewer.id, signedOut)).toEqual(REFUSED);
    expect(await statuses(stays)).toEqual(SERVED);
  });

  it('password change (the OTP reset): every session’s link is refused', async () => {
    const viewer = await newViewer();
    const playback = await play(viewer, await newTitle());
    expect(await statuses(playback)).toEqual(SERVED);
    const headers = { 'x-forwarded-for': viewer.ip };
    await callGateway(url, 'POST', '/api/auth/forgot-password', { body: { email: viewer.email }, headers });
    const mail = await pollOutbox(
      outbox,
      (mails) => mails.find((m) => m.to.includes(viewer.email) && m.subject.includes('password reset')),
      { what: 'the reset code' },
    );
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    const reset = await callGateway(url, 'POST', '/api/auth/reset-password', {
      body: { email: viewer.email, otp, newPassword: 'Pw-stream-links-2' },
      headers,
    });
    expect(reset.status).toBe(200);
    expect(await afterTheBound(viewer.id, playback)).toEqual(REFUSED);
  });

  it('ban by an admin: every link of the account is refused', async () => {
    const admin = await newViewer();
    const connection = await mongoose.createConnection(stores.auth.mongoUri).asPromise();
    await connection.collection('users').updateOne({ email: admin.email }, { $set: { role: 'admin' } });
    await connection.close();
    const viewer = await newViewer();
    const playback = await play(viewer, await newTitle());
    expect(await statuses(playback)).toEqual(SERVED);
    expect((await as(admin, 'PUT', `/api/users/${viewer.id}`, { status: 'banned' })).status).toBe(200);
    expect(await afterTheBound(viewer.id, playback)).toEqual(REFUSED);
  });

  it('account deletion: the link is refused, and the open player’s heartbeats record nothing', async () => {
    const viewer = await newViewer();
    const playback = await play(viewer, await newTitle());
    expect(await statuses(playback)).toEqual(SERVED);
    const deleted = await as(viewer, 'POST', `/api/users/${viewer.id}/delete-account`, {
      password: PASSWORD,
    });
    expect(deleted.status).toBe(204);
    expect(await afterTheBound(viewer.id, playback)).toEqual(REFUSED);
    const reportsOf = async () =>
      (await redis.xrange(EVENT_STREAM, '-', '+')).filter(([, fields]) =>
        fields.some((field) => field.includes('"watch.progressed"') && field.includes(playback.leaseId)),
      ).length;
    const before = await reportsOf();
    expect(await heartbeat(playback)).toEqual({ leaseActive: false });
    expect(await reportsOf()).toBe(before);
  });

  it('refund (entitlement.revoked from payment-service): the title’s link is refused', async () => {
    const viewer = await newViewer();
    const [refunded, other] = [await newTitle(), await newTitle()];
    const [playback, stays] = [await play(viewer, refunded), await play(viewer, other)];
    expect([await statuses(playback), await statuses(stays)]).toEqual([SERVED, SERVED]);
    answers.set(answerKey(viewer.id, refunded), { canWatch: false, reason: AccessReason.PremiumRequired });
    await bus.publish('entitlement.revoked', {
      userId: viewer.id,
      kind: 'purchase',
      movieId: refunded,
      planId: null,
      source: `pay_${newId()}`,
      reason: 'refund',
    });
    expect(await afterTheBound(viewer.id, playback)).toEqual(REFUSED);
    expect(await statuses(stays)).toEqual(SERVED);
  });

  it('plan end: the next heartbeat finds no access, the player stops and the link is refused', async () => {
    const viewer = await newViewer();
    const movieId = await newTitle();
    // The plan ends 2 s from now: payment-service's answer says so (changesAt), and until then it is held.
    const planEnds = Date.now() + 2_000;
    answers.set(answerKey(viewer.id, movieId), { changesAt: new Date(planEnds).toISOString() });
    const playback = await play(viewer, movieId);
    expect(await statuses(playback)).toEqual(SERVED);
    expect(await heartbeat(playback)).toMatchObject({ leaseActive: true });
    answers.set(answerKey(viewer.id, movieId), {
      canWatch: false,
      reason: AccessReason.PremiumRequired,
      plan: null,
    });
    await sleep(Math.max(0, planEnds - Date.now()));
    expect(await heartbeat(playback)).toEqual({ leaseActive: false });
    expect(await afterTheBound(viewer.id, playback)).toEqual(REFUSED);
  });

  it('rental expiry: a playback begun before it finishes its film (DECISIONS 7), then its link is refused', async () => {
    const viewer = await newViewer();
    // A 3 s film, rented until 3 s from now.
    const movieId = await newTitle(3);
    const expiresAt = new Date(Date.now() + 3_000);
    const rental: RentalClock = {
      rentedAt: new Date(Date.now() - 86_400_000).toISOString(),
      startBy: new Date(Date.now() + 86_400_000).toISOString(),
      startedAt: new Date(Date.now() - 3_600_000).toISOString(),
      expiresAt: expiresAt.toISOString(),
    };
    answers.set(answerKey(viewer.id, movieId), {
      reason: AccessReason.Rental,
      plan: null,
      screens: 1,
      rental,
      changesAt: rental.expiresAt,
    });
    const playback = await play(viewer, movieId);
    expect(await statuses(playback)).toEqual(SERVED);
    // payment-service says the rental ran out; the playback began before that, so it may finish the film.
    answers.set(answerKey(viewer.id, movieId), {
      canWatch: false,
      reason: AccessReason.RentalExpired,
      plan: null,
      screens: 0,
      rental,
    });
    expect(await heartbeat(playback)).toMatchObject({ leaseActive: true });
    // Past the expiry plus the film's length: the next heartbeat ends it.
    await sleep(Math.max(0, expiresAt.getTime() + 3_000 - Date.now()) + 100);
    expect(await heartbeat(playback)).toEqual({ leaseActive: false });
    expect(await afterTheBound(viewer.id, playback)).toEqual(REFUSED);
  });
});
