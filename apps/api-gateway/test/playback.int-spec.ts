import { Controller, INestApplication, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthMessages,
  AuthPatterns,
  ErrorCode,
  HistoryPatterns,
  MovieAccess,
  MovieMessages,
  PaymentPatterns,
  Quality,
  Role,
  SeriesMessages,
  SeriesPatterns,
  StreamingMessages,
  StreamingPatterns,
} from '@app/contracts';
import type {
  Entitlement,
  HeartbeatRpcReply,
  MediaAsset,
  OpenedPlayback,
  RpcEnvelope,
  SessionUser,
} from '@app/contracts';
import { AppError } from '@app/server-core';
import {
  adminId,
  ashaId,
  episodeId,
  fakeEpisode,
  fakeMovie,
  fakeSeries,
  fakeSession,
  movieId,
  moviePlayable,
  seriesId,
  seriesPlayable,
} from './fakes';
import { callGateway, startFakeService, startGateway } from './gateway-harness';

// POST /api/playback/{movieId} and friends at the gateway, against stand-ins of every service it asks: the order
// of the questions (entitlement, then a screen, then the rental clock), what each is told, and what the viewer
// gets when one of them says no.

const draftEpisodeId = '3'.repeat(24);
const panchayat = fakeSeries(seriesId);
const secondEpisode = fakeEpisode(episodeId, seriesId, { number: 2, title: 'The Chair' });
const session = (id: string, role: SessionUser['role']) =>
  fakeSession(id, role, role === Role.Admin ? 'Admin' : 'Asha');

/** What each stand-in answers next; tests change it. */
const scenario = {
  entitlement: {} as Partial<Entitlement>,
  lease: {} as Partial<HeartbeatRpcReply>,
  screensFull: false,
  resume: null as null | { positionSeconds: number; durationSeconds: number | null },
  userDataDown: false,
};
const calls: Array<{ pattern: string; data: Record<string, unknown> }> = [];
const callsTo = (pattern: string) =>
  calls.filter((call) => call.pattern === pattern).map((call) => call.data);

const entitlement = (): Entitlement => ({
  movieId,
  access: MovieAccess.Premium,
  canWatch: true,
  reason: 'plan',
  quality: Quality.HD,
  screens: 2,
  plan: { id: 'standard', name: 'Standard' },
  purchasedAt: null,
  rental: null,
  waysIn: { plans: [], purchaseInr: null, rentalInr: null },
  ...scenario.entitlement,
});
/** streaming-service's answer to a heartbeat: a live lease of Asha's, a renewed token (DECISIONS 35). */
const heartbeatReply = (): HeartbeatRpcReply => ({
  leaseActive: true,
  token: 'renewed.signature',
  expiresAt: '2026-11-22T22:02:00.000Z',
  userId: ashaId,
  movieId,
  isAdmin: false,
  startedAt: '2026-11-22T20:00:00.000Z',
  durationSeconds: 45,
  ...scenario.lease,
});
const opened: OpenedPlayback = {
  movieId,
  leaseId: 'lease-0001',
  token: 'token.signature',
  hlsUrl: `/stream/t/token.signature/${movieId}/master.m3u8`,
  mp4Url: `/stream/${movieId}?token=token.signature`,
  trickplayUrl: null,
  durationSeconds: 45,
  quality: Quality.HD,
  renditions: ['720p', '480p'],
  expiresAt: '2026-11-22T22:00:00.000Z',
  heartbeatSeconds: 10,
};
const asset = (id: string): MediaAsset => ({
  movieId: id,
  status: 'ready',
  progress: 100,
  etaSeconds: null,
  error: null,
  durationSeconds: 1800,
  renditions: [],
  hasMp4: true,
  hasTrickplay: false,
  source: 'upload',
  sourceName: 'pilot.mp4',
  updatedAt: '2026-11-22T10:00:00.000Z',
});
const rentalClock = {
  rentedAt: '2026-11-20T10:00:00.000Z',
  startBy: '2026-12-20T10:00:00.000Z',
  startedAt: null,
  expiresAt: null,
};

@Controller()
class FakeServicesController {
  @MessagePattern(AuthPatterns.resolveSession)
  resolve(@Payload() { data }: RpcEnvelope<{ token: string }>) {
    if (data.token === 'asha-token') return session(ashaId, Role.User);
    if (data.token === 'admin-token') return session(adminId, Role.Admin);
    throw new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired);
  }

  /** A movie, or an episode of a published series; a draft series' episodes are not found (asAdmin false). */
  @MessagePattern(SeriesPatterns.playable)
  playable(@Payload() { data }: RpcEnvelope<{ id: string; asAdmin: boolean }>) {
    calls.push({ pattern: SeriesPatterns.playable, data });
    if (data.id === movieId) return moviePlayable(fakeMovie(movieId, { posterUrl: '/p.svg' }));
    if (data.id === seriesId) return seriesPlayable(panchayat);
    if (data.id === episodeId) return seriesPlayable(panchayat, secondEpisode);
    if (data.id === draftEpisodeId && data.asAdmin) return seriesPlayable(panchayat, secondEpisode);
    throw new AppError(ErrorCode.NotFound, MovieMessages.notFound);
  }

  @MessagePattern(PaymentPatterns.entitlement)
  entitlement(@Payload() { data }: RpcEnvelope<Record<string, unknown>>) {
    calls.push({ pattern: PaymentPatterns.entitlement, data });
    return entitlement();
  }

  @MessagePattern(PaymentPatterns.startRental)
  startRental(@Payload() { data }: RpcEnvelope<Record<string, unknown>>) {
    calls.push({ pattern: PaymentPatterns.startRental, data });
    return { ...rentalClock, startedAt: '2026-11-22T10:00:00.000Z', expiresAt: '2026-11-24T10:00:00.000Z' };
  }

  @MessagePattern(StreamingPatterns.open)
  open(@Payload() { data }: RpcEnvelope<Record<string, unknown>>) {
    calls.push({ pattern: StreamingPatterns.open, data });
    if (scenario.screensFull) throw new AppError(ErrorCode.Conflict, StreamingMessages.screenLimit);
    return opened;
  }

  @MessagePattern(StreamingPatterns.heartbeat)
  heartbeat(@Payload() { data }: RpcEnvelope<Record<string, unknown>>) {
    calls.push({ pattern: StreamingPatterns.heartbeat, data });
    return heartbeatReply();
  }

  @MessagePattern(StreamingPatterns.streams)
  streams(@Payload() { data }: RpcEnvelope<Record<string, unknown>>) {
    calls.push({ pattern: StreamingPatterns.streams, data });
    return { limit: 2, streams: [] };
  }

  @MessagePattern(StreamingPatterns.stop)
  stop(@Payload() { data }: RpcEnvelope<Record<string, unknown>>) {
    calls.push({ pattern: StreamingPatterns.stop, data });
    return { stopped: true };
  }

  @MessagePattern(HistoryPatterns.resumePoint)
  resume(@Payload() { data }: RpcEnvelope<{ userId: string; movieId: string }>) {
    calls.push({ pattern: HistoryPatterns.resumePoint, data });
    if (scenario.userDataDown) throw new AppError(ErrorCode.ServiceUnavailable, 'down');
    return scenario.resume
      ? { movieId: data.movieId, ...scenario.resume, lastWatchedAt: '2026-11-21T10:00:00.000Z' }
      : null;
  }

  @MessagePattern(StreamingPatterns.asset)
  asset(@Payload() { data }: RpcEnvelope<{ movieId: string }>) {
    calls.push({ pattern: StreamingPatterns.asset, data });
    return asset(data.movieId);
  }

  @MessagePattern(StreamingPatterns.uploadTicket)
  uploadTicket(@Payload() { data }: RpcEnvelope<{ movieId: string }>) {
    calls.push({ pattern: StreamingPatterns.uploadTicket, data });
    return {
      uploadUrl: `/stream/upload/${data.movieId}?token=t`,
      expiresAt: '2026-11-22T11:00:00.000Z',
      maxBytes: 1024,
    };
  }

  @MessagePattern(StreamingPatterns.retry)
  retry(@Payload() { data }: RpcEnvelope<{ movieId: string }>) {
    calls.push({ pattern: StreamingPatterns.retry, data });
    return asset(data.movieId);
  }
}

@Module({ controllers: [FakeServicesController] })
class FakeServicesModule {}

describe('playback at the gateway', () => {
  let services: INestMicroservice;
  let gateway: INestApplication;
  let url: string;

  beforeAll(async () => {
    const fake = await startFakeService(FakeServicesModule);
    services = fake.app;
    ({ app: gateway, url } = await startGateway({}));
  });

  afterAll(async () => {
    await gateway?.close();
    await services?.close();
  });

  beforeEach(() => {
    calls.length = 0;
    scenario.entitlement = {};
    scenario.lease = {};
    scenario.screensFull = false;
    scenario.resume = null;
    scenario.userDataDown = false;
  });

  const post = (path: string, body: unknown, token: string | null = 'asha-token', headers = {}) =>
    callGateway(url, 'POST', path, { body, token, headers });

  it('takes a screen at the quality and screen count the entitlement gives, and resumes where the viewer stopped', async () => {
    scenario.resume = { positionSeconds: 754, durationSeconds: 5400 };
    const response = await post(`/api/playback/${movieId}`, {}, 'asha-token', {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      hlsUrl: opened.hlsUrl,
      resumePositionSeconds: 754,
      rental: null,
      quality: '720p',
    });
    expect(callsTo(StreamingPatterns.open)).toEqual([
      {
        userId: ashaId,
        sessionId: 'session-asha',
        movieId,
        title: 'Lagaan',
        quality: '720p',
        screens: 2,
        deviceLabel: 'Chrome on Android',
        isAdmin: false,
      },
    ]);
  });

  it('starts over a title the viewer finished', async () => {
    scenario.resume = { positionSeconds: 5000, durationSeconds: 5400 };
    const body = (await (
      await post(`/api/playback/${movieId}`, { deviceLabel: 'Living room TV' })
    ).json()) as {
      resumePositionSeconds: number;
    };
    expect(body.resumePositionSeconds).toBe(0);
    expect(callsTo(StreamingPatterns.open)[0]).toMatchObject({ deviceLabel: 'Living room TV' });
  });

  it('starts a rental’s 48 hours on its first playback, after the screen is taken', async () => {
    scenario.entitlement = { reason: 'rental', rental: rentalClock, quality: Quality.FullHD, screens: 1 };
    const response = await post(`/api/playback/${movieId}`, {});

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ rental: { startedAt: '2026-11-22T10:00:00.000Z' } });
    expect(callsTo(PaymentPatterns.startRental)).toEqual([{ userId: ashaId, movieId }]);
    // The title's facts are read once per 30 s (TitleFactsCache), so an earlier test may have read them.
    expect(
      calls.map((call) => call.pattern).filter((pattern) => pattern !== SeriesPatterns.playable),
    ).toEqual([
      PaymentPatterns.entitlement,
      StreamingPatterns.open,
      PaymentPatterns.startRental,
      HistoryPatterns.resumePoint,
    ]);
  });

  it('answers where to resume before anything plays, checking access but taking no screen and starting no clock', async () => {
    scenario.resume = { positionSeconds: 754, durationSeconds: 5400 };
    scenario.entitlement = { reason: 'rental', rental: rentalClock };
    const get = (token: string | null) => callGateway(url, 'GET', `/api/playback/${movieId}`, { token });

    const response = await get('asha-token');

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ resumePositionSeconds: 754 });
    expect(callsTo(HistoryPatterns.resumePoint)).toEqual([{ userId: ashaId, movieId }]);
    expect(callsTo(StreamingPatterns.open)).toEqual([]);
    expect(callsTo(PaymentPatterns.startRental)).toEqual([]);

    scenario.entitlement = { canWatch: false, reason: 'premium-required' };
    expect((await get('asha-token')).status).toBe(403);
    expect((await get(null)).status).toBe(401);
  });

  it('refuses a viewer without rights with 403, taking no screen and starting no clock', async () => {
    scenario.entitlement = { canWatch: false, reason: 'premium-required' };
    const response = await post(`/api/playback/${movieId}`, {});

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: ErrorCode.Forbidden });
    expect(callsTo(StreamingPatterns.open)).toEqual([]);
    expect(callsTo(PaymentPatterns.startRental)).toEqual([]);
  });

  it('answers 409 when every screen is in use, and a rental clock does not start', async () => {
    scenario.screensFull = true;
    scenario.entitlement = { reason: 'rental', rental: rentalClock };
    const response = await post(`/api/playback/${movieId}`, {});

    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: StreamingMessages.screenLimit });
    expect(callsTo(PaymentPatterns.startRental)).toEqual([]);
  });

  it('plays from the start when history cannot answer', async () => {
    scenario.userDataDown = true;
    const response = await post(`/api/playback/${movieId}`, {});
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ resumePositionSeconds: 0 });
  });

  it('needs a signed-in viewer to start, but takes heartbeats on the stream token alone (sendBeacon)', async () => {
    expect((await post(`/api/playback/${movieId}`, {}, null)).status).toBe(401);

    const beat = {
      token: 'token.signature',
      leaseId: 'lease-0001',
      positionSeconds: 12.5,
      durationSeconds: 45,
      event: 'tick',
    };
    const response = await post('/api/playback/heartbeat', beat, null);
    expect(response.status).toBe(200);
    // The renewed token, and nothing of whose lease it is.
    expect(await response.json()).toEqual({
      leaseActive: true,
      token: 'renewed.signature',
      expiresAt: '2026-11-22T22:02:00.000Z',
    });
    // A player that does not say how long it played adds no watch time.
    expect(callsTo(StreamingPatterns.heartbeat)).toEqual([{ ...beat, watchedSeconds: 0 }]);

    for (const bad of [
      { ...beat, userId: ashaId },
      { ...beat, positionSeconds: -1 },
      { ...beat, event: 'rewind' },
      { ...beat, leaseId: { $ne: null } },
    ]) {
      expect((await post('/api/playback/heartbeat', bad, null)).status).toBe(400);
    }
  });

  describe('a heartbeat asks access again (DECISIONS 35)', () => {
    const beat = {
      token: 'token.signature',
      leaseId: 'lease-0001',
      positionSeconds: 12.5,
      durationSeconds: 45,
      event: 'tick',
      watchedSeconds: 10,
    };
    const heartbeat = async (body: Record<string, unknown> = beat) =>
      (await post('/api/playback/heartbeat', body, null)).json();

    it('as for the lease’s viewer, on the title the lease plays; an admin’s lease as an admin’s', async () => {
      scenario.lease = { isAdmin: true };
      expect(await heartbeat()).toMatchObject({ leaseActive: true });
      expect(callsTo(PaymentPatterns.entitlement)).toEqual([
        {
          viewer: { userId: ashaId, isAdmin: true },
          title: expect.objectContaining({ movieId, kind: 'movie' }) as unknown,
        },
      ]);
      expect(callsTo(StreamingPatterns.stop)).toEqual([]);
    });

    it.each([
      ['the plan ended', { canWatch: false, reason: 'premium-required', plan: null }],
      [
        'the rental ran out before this playback began',
        {
          canWatch: false,
          reason: 'rental-expired',
          plan: null,
          rental: {
            ...rentalClock,
            startedAt: '2026-11-18T10:00:00.000Z',
            expiresAt: '2026-11-20T10:00:00.000Z',
          },
        },
      ],
    ] as const)(
      'stops the lease when %s: the player hears leaseActive false, without a token',
      async (_, answer) => {
        scenario.entitlement = answer;
        expect(await heartbeat()).toEqual({ leaseActive: false });
        expect(callsTo(StreamingPatterns.stop)).toEqual([{ userId: ashaId, leaseId: 'lease-0001' }]);
      },
    );

    it('lets a rental playback begun before the expiry finish: until expiry plus the title’s length', async () => {
      const expiresAt = new Date(Date.now() - 60_000).toISOString();
      scenario.entitlement = {
        canWatch: false,
        reason: 'rental-expired',
        plan: null,
        rental: { ...rentalClock, startedAt: '2026-11-18T10:00:00.000Z', expiresAt },
      };
      scenario.lease = { startedAt: new Date(Date.now() - 3_600_000).toISOString(), durationSeconds: 7200 };
      expect(await heartbeat()).toMatchObject({ leaseActive: true });
      scenario.lease = { ...scenario.lease, durationSeconds: 30 };
      expect(await heartbeat()).toEqual({ leaseActive: false });
      expect(callsTo(StreamingPatterns.stop)).toHaveLength(1);
    });

    it('asks nothing on an exit or for a lease streaming already ended', async () => {
      scenario.lease = { leaseActive: false, token: undefined, expiresAt: undefined };
      expect(await heartbeat({ ...beat, event: 'exit' })).toEqual({ leaseActive: false });
      expect(await heartbeat()).toEqual({ leaseActive: false });
      expect(callsTo(PaymentPatterns.entitlement)).toEqual([]);
      expect(callsTo(StreamingPatterns.stop)).toEqual([]);
    });
  });

  it("lists and stops the caller's own streams", async () => {
    const list = await fetch(`${url}/api/playback/streams`, {
      headers: { authorization: 'Bearer asha-token' },
    });
    expect(await list.json()).toEqual({ limit: 2, streams: [] });
    expect(callsTo(StreamingPatterns.streams)).toEqual([{ userId: ashaId, sessionId: 'session-asha' }]);

    const stop = await fetch(`${url}/api/playback/streams/lease-0002`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer asha-token' },
    });
    expect(await stop.json()).toEqual({ stopped: true });
    expect(callsTo(StreamingPatterns.stop)).toEqual([{ userId: ashaId, leaseId: 'lease-0002' }]);
  });

  it('keeps the media console to admins', async () => {
    for (const [method, path] of [
      ['GET', `/api/admin/media/${movieId}`],
      ['POST', `/api/admin/media/${movieId}/upload`],
      ['POST', `/api/admin/media/${movieId}/retry`],
    ]) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: 'Bearer asha-token' },
      });
      expect(response.status).toBe(403);
    }
  });

  describe('an episode (issue 13)', () => {
    it("asks the entitlement on the series' facts, opens the stream for the episode with its ref, resumes by episode id", async () => {
      scenario.resume = { positionSeconds: 300, durationSeconds: 1800 };
      const response = await post(`/api/playback/${episodeId}`, { deviceLabel: 'Phone' });

      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ resumePositionSeconds: 300, rental: null });
      expect(callsTo(SeriesPatterns.playable)).toEqual([{ id: episodeId, asAdmin: false }]);
      expect(callsTo(PaymentPatterns.entitlement)).toEqual([
        {
          viewer: { userId: ashaId, isAdmin: false },
          title: { ...seriesPlayable(panchayat).facts, movieId: seriesId, kind: 'series' },
        },
      ]);
      expect(callsTo(StreamingPatterns.open)).toEqual([
        {
          userId: ashaId,
          sessionId: 'session-asha',
          movieId: episodeId,
          title: 'Panchayat · S1:E2 · The Chair',
          quality: '720p',
          screens: 2,
          deviceLabel: 'Phone',
          episode: { seriesId, seasonNumber: 1, episodeNumber: 2 },
          isAdmin: false,
        },
      ]);
      expect(callsTo(HistoryPatterns.resumePoint)).toEqual([{ userId: ashaId, movieId: episodeId }]);
    });

    it('never starts or shows a rental clock for an episode, whatever the answer says', async () => {
      scenario.entitlement = { reason: 'rental', rental: rentalClock };
      const response = await post(`/api/playback/${episodeId}`, {});

      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ rental: null });
      expect(callsTo(PaymentPatterns.startRental)).toEqual([]);
    });

    it('refuses a viewer without a plan with the series text, taking no screen', async () => {
      scenario.entitlement = { canWatch: false, reason: 'premium-required' };
      const response = await post(`/api/playback/${episodeId}`, {});

      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ message: SeriesMessages.noTitleOrder });
      expect(callsTo(StreamingPatterns.open)).toEqual([]);
    });

    it("answers 404 for a draft series' episode and for the series' own id, asking nothing further", async () => {
      const draft = await post(`/api/playback/${draftEpisodeId}`, {});
      expect(draft.status).toBe(404);
      const series = await post(`/api/playback/${seriesId}`, {});
      expect(series.status).toBe(404);
      expect(await series.json()).toMatchObject({ message: SeriesMessages.episodeNotFound });
      expect(calls.map((call) => call.pattern)).toEqual([SeriesPatterns.playable, SeriesPatterns.playable]);
    });

    it("lets an admin manage an episode's media by its id, as a movie's", async () => {
      for (const [method, path, pattern] of [
        ['GET', `/api/admin/media/${episodeId}`, StreamingPatterns.asset],
        ['POST', `/api/admin/media/${episodeId}/upload`, StreamingPatterns.uploadTicket],
        ['POST', `/api/admin/media/${episodeId}/retry`, StreamingPatterns.retry],
      ]) {
        const response = await fetch(`${url}${path}`, {
          method,
          headers: { authorization: 'Bearer admin-token' },
        });
        expect([path, response.status]).toEqual([path, 200]);
        expect(callsTo(pattern)).toEqual([{ movieId: episodeId }]);
      }
    });
  });
});
