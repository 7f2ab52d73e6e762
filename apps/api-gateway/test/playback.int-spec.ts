import {
  ErrorCode,
  HistoryPatterns,
  MovieMessages,
  PaymentPatterns,
  Quality,
  SeriesMessages,
  SeriesPatterns,
  StreamingMessages,
  StreamingPatterns,
} from '@app/contracts';
import type { Entitlement, HeartbeatRpcReply, MediaAsset, OpenedPlayback } from '@app/contracts';
import { AppError } from '@app/server-core';
import { planEntitlement } from '@app/server-testing';
import {
  ashaId,
  draftEpisodeId,
  episodeId,
  fakeEpisode,
  fakeMovie,
  fakeTokens,
  movieId,
  moviePlayable,
  panchayat,
  seriesId,
  seriesPlayable,
} from './fakes';
import {
  announceAccessChange,
  FakeSessionsModule,
  type RpcCall,
  standIn,
  useGatewayWithFakes,
} from './gateway-harness';

// POST /api/playback/{movieId} and friends at the gateway, against stand-ins of every service it asks: the order
// of the questions (entitlement, then a screen, then the rental clock), what each is told, and what the viewer
// gets when one of them says no.

const secondEpisode = fakeEpisode(episodeId, seriesId, { number: 2, title: 'The Chair' });

/** What each stand-in answers next; tests change it. */
const scenario = {
  entitlement: {} as Partial<Entitlement>,
  lease: {} as Partial<HeartbeatRpcReply>,
  screensFull: false,
  resume: null as null | { positionSeconds: number; durationSeconds: number | null },
  userDataDown: false,
};
const calls: RpcCall[] = [];
const callsTo = (pattern: string) =>
  calls.filter((call) => call.pattern === pattern).map((call) => call.data);

const entitlement = (): Entitlement => planEntitlement(movieId, scenario.entitlement);
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
  audioTracks: [],
  subtitleTracks: [],
  addedAudio: [],
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

const FakeServicesModule = standIn(
  {
    /** A movie, or an episode of a published series; a draft series' episodes are not found (asAdmin false). */
    [SeriesPatterns.playable]: ({ id, asAdmin }: { id: string; asAdmin: boolean }) => {
      if (id === movieId) return moviePlayable(fakeMovie(movieId, { posterUrl: '/p.svg' }));
      if (id === seriesId) return seriesPlayable(panchayat);
      if (id === episodeId) return seriesPlayable(panchayat, secondEpisode);
      if (id === draftEpisodeId && asAdmin) return seriesPlayable(panchayat, secondEpisode);
      throw new AppError(ErrorCode.NotFound, MovieMessages.notFound);
    },
    [PaymentPatterns.entitlement]: () => entitlement(),
    [PaymentPatterns.startRental]: () => ({
      ...rentalClock,
      startedAt: '2026-11-22T10:00:00.000Z',
      expiresAt: '2026-11-24T10:00:00.000Z',
    }),
    [StreamingPatterns.open]: () => {
      if (scenario.screensFull) throw new AppError(ErrorCode.Conflict, StreamingMessages.screenLimit);
      return opened;
    },
    [StreamingPatterns.heartbeat]: () => heartbeatReply(),
    [StreamingPatterns.streams]: () => ({ limit: 2, streams: [] }),
    [StreamingPatterns.stop]: () => ({ stopped: true }),
    [HistoryPatterns.resumePoint]: (data: { movieId: string }) => {
      if (scenario.userDataDown) throw new AppError(ErrorCode.ServiceUnavailable, 'down');
      return scenario.resume
        ? { movieId: data.movieId, ...scenario.resume, lastWatchedAt: '2026-11-21T10:00:00.000Z' }
        : null;
    },
    [StreamingPatterns.asset]: ({ movieId: id }: { movieId: string }) => asset(id),
    [StreamingPatterns.uploadTicket]: ({ movieId: id }: { movieId: string }) => ({
      uploadUrl: `/stream/upload/${id}?token=t`,
      expiresAt: '2026-11-22T11:00:00.000Z',
      maxBytes: 1024,
    }),
    [StreamingPatterns.retry]: ({ movieId: id }: { movieId: string }) => asset(id),
    [StreamingPatterns.addSubtitles]: ({ movieId: id }: { movieId: string }) => asset(id),
    [StreamingPatterns.audioUploadTicket]: ({ movieId: id }: { movieId: string }) => ({
      uploadUrl: `/stream/upload/${id}.audio`,
      expiresAt: '2026-11-22T11:00:00.000Z',
      maxBytes: 1024,
    }),
  },
  calls,
);

describe('playback at the gateway', () => {
  const gateway = useGatewayWithFakes([FakeSessionsModule, FakeServicesModule]);

  beforeEach(async () => {
    calls.length = 0;
    scenario.entitlement = {};
    scenario.lease = {};
    scenario.screensFull = false;
    scenario.resume = null;
    scenario.userDataDown = false;
    // The payment stand-in's answer changes with each test's scenario: as payment-service would, it says so.
    await announceAccessChange();
  });

  const post = (path: string, body: unknown, token: string | null = fakeTokens.asha, headers = {}) =>
    gateway.call('POST', path, { body, token, headers });

  it('takes a screen at the quality and screen count the entitlement gives, and resumes where the viewer stopped', async () => {
    scenario.resume = { positionSeconds: 754, durationSeconds: 5400 };
    const response = await post(`/api/playback/${movieId}`, {}, fakeTokens.asha, {
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
        // The title's class from the playable look-up: streaming-service checks the profile's ceiling on it.
        classification: 'UA13',
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
    // The title's facts are read once per 30 s (TitleAccessService), so an earlier test may have read them.
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
    const get = (token: string | null) => gateway.call('GET', `/api/playback/${movieId}`, { token });

    const response = await get(fakeTokens.asha);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ resumePositionSeconds: 754 });
    expect(callsTo(HistoryPatterns.resumePoint)).toEqual([{ userId: ashaId, movieId }]);
    expect(callsTo(StreamingPatterns.open)).toEqual([]);
    expect(callsTo(PaymentPatterns.startRental)).toEqual([]);

    scenario.entitlement = { canWatch: false, reason: 'premium-required' };
    expect((await get(fakeTokens.asha)).status).toBe(403);
    expect((await get(null)).status).toBe(401);
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

  /** A player's heartbeat on the lease `opened` took. */
  const tick = {
    token: 'token.signature',
    leaseId: 'lease-0001',
    positionSeconds: 12.5,
    durationSeconds: 45,
    event: 'tick',
  };

  it('needs a signed-in viewer to start, but takes heartbeats on the stream token alone (sendBeacon)', async () => {
    expect((await post(`/api/playback/${movieId}`, {}, null)).status).toBe(401);

    const beat = tick;
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
    const beat = { ...tick, watchedSeconds: 10 };
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

    it('asks payment-service once for a run of heartbeats, and again as soon as it announces a write', async () => {
      for (let beatNo = 0; beatNo < 3; beatNo++)
        expect(await heartbeat()).toMatchObject({ leaseActive: true });
      expect(callsTo(PaymentPatterns.entitlement)).toHaveLength(1);
      // A refund (any write to a grant or a subscription): payment-service announces it, every gateway drops its answers.
      scenario.entitlement = { canWatch: false, reason: 'premium-required', plan: null };
      await announceAccessChange();
      expect(await heartbeat()).toEqual({ leaseActive: false });
      expect(callsTo(PaymentPatterns.entitlement)).toHaveLength(2);
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
    const list = await gateway.call('GET', '/api/playback/streams', { token: fakeTokens.asha });
    expect(await list.json()).toEqual({ limit: 2, streams: [] });
    expect(callsTo(StreamingPatterns.streams)).toEqual([{ userId: ashaId, sessionId: 'session-asha' }]);

    const stop = await gateway.call('DELETE', '/api/playback/streams/lease-0002', { token: fakeTokens.asha });
    expect(await stop.json()).toEqual({ stopped: true });
    expect(callsTo(StreamingPatterns.stop)).toEqual([{ userId: ashaId, leaseId: 'lease-0002' }]);
  });

  it('keeps the media console to admins', async () => {
    for (const [method, path] of [
      ['GET', `/api/admin/media/${movieId}`],
      ['POST', `/api/admin/media/${movieId}/upload`],
      ['POST', `/api/admin/media/${movieId}/retry`],
      ['POST', `/api/admin/media/${movieId}/subtitles`],
      ['POST', `/api/admin/media/${movieId}/audio`],
    ]) {
      const response = await gateway.call(method, path, {
        token: fakeTokens.asha,
        ...(method === 'POST' ? { body: { language: 'en', file: 'WEBVTT' } } : {}),
      });
      expect(response.status).toBe(403);
    }
  });

  it("takes an admin's subtitle file for a language and refuses a careless or hostile body with 400 (issue 26)", async () => {
    const path = `/api/admin/media/${movieId}/subtitles`;
    const file = '1\n00:00:01,000 --> 00:00:02,000\nHi\n';
    const before = callsTo(StreamingPatterns.addSubtitles).length;
    for (const body of [
      { language: 'en', cc: true },
      { language: 'English', file },
      { language: { $ne: null }, file },
      { language: 'en', file: { $gt: '' } },
      { language: 'en', file, cc: 'yes' },
      { language: 'en', file, extra: 1 },
      { language: 'en', file: '' },
    ]) {
      const response = await gateway.call('POST', path, { token: fakeTokens.admin, body });
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), 400]);
    }
    expect(callsTo(StreamingPatterns.addSubtitles)).toHaveLength(before);
    const response = await gateway.call('POST', path, {
      token: fakeTokens.admin,
      body: { language: 'en', cc: true, file },
    });
    expect(response.status).toBe(200);
    expect(callsTo(StreamingPatterns.addSubtitles).at(-1)).toEqual({
      movieId,
      subtitles: { language: 'en', cc: true, file },
    });
  });

  it("gives an admin an audio track's upload link for a language of the list, refusing anything else with 400 (issue 26)", async () => {
    const path = `/api/admin/media/${movieId}/audio`;
    const before = callsTo(StreamingPatterns.audioUploadTicket).length;
    for (const body of [
      {},
      { language: 'und' },
      { language: 'fr' },
      { language: 'Hindi' },
      { language: { $ne: null } },
      { language: 'hi', label: '' },
      { language: 'hi', label: 'x'.repeat(61) },
      { language: 'hi', file: 'bytes' },
    ]) {
      const response = await gateway.call('POST', path, { token: fakeTokens.admin, body });
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), 400]);
    }
    expect(callsTo(StreamingPatterns.audioUploadTicket)).toHaveLength(before);
    const response = await gateway.call('POST', path, {
      token: fakeTokens.admin,
      body: { language: 'hi', label: ' Hindi (dub) ' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ uploadUrl: `/stream/upload/${movieId}.audio` });
    expect(callsTo(StreamingPatterns.audioUploadTicket).at(-1)).toEqual({
      movieId,
      track: { language: 'hi', label: 'Hindi (dub)' },
    });
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
          classification: 'UA7',
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
        const response = await gateway.call(method, path, { token: fakeTokens.admin });
        expect([path, response.status]).toEqual([path, 200]);
        expect(callsTo(pattern)).toEqual([{ movieId: episodeId }]);
      }
    });
  });

  // Last: the gateway keeps a title's facts for 30 s, and the episode's tests above count the first read of its.
  it.each([
    ['a movie', movieId, {}],
    ["a series' episode, with the series text", episodeId, { message: SeriesMessages.noTitleOrder }],
  ])(
    'refuses a viewer without rights to %s with 403, taking no screen and starting no clock',
    async (_, id, text) => {
      scenario.entitlement = { canWatch: false, reason: 'premium-required' };
      const response = await post(`/api/playback/${id}`, {});

      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: ErrorCode.Forbidden, ...text });
      expect(callsTo(StreamingPatterns.open)).toEqual([]);
      expect(callsTo(PaymentPatterns.startRental)).toEqual([]);
    },
  );
});
