import type { EventPayload, HeartbeatRequest, OpenPlaybackRpc } from '@app/contracts';
import { ErrorCode, HEARTBEAT_SECONDS, PlaybackEvent, StreamingMessages } from '@app/contracts';
import type { DeletedUsers, MarkedEvent, Outbox } from '@app/server-core';
import type { Env } from '../env';
import type { AssetsRepository } from '../media/assets.repository';
import type { PlayableAsset } from '../media/media-layout';
import type { PlaysService } from '../plays/plays.service';
import type {
  HeartbeatOutcome,
  HeartbeatReport,
  LeaseRecord,
  LeasesRepository,
  ProgressFields,
} from './leases.repository';
import { PlaybackService } from './playback.service';
import { StreamTokenSigner } from './stream-token.signer';

const env = { STREAM_TOKEN_SECRET: 'x'.repeat(40), STREAM_TOKEN_TTL_SECONDS: 3600 } as Env;
const MOVIE = '65f0000000000000000000aa';
const USER = '65f000000000000000000001';
const asset: PlayableAsset = {
  movieId: MOVIE,
  dir: 'samples/1',
  renditions: ['1080p', '720p', '480p'],
  durationSeconds: 90,
  hasMp4: true,
  hasTrickplay: true,
  audioTracks: [],
  subtitleTracks: [],
  addedSubtitles: [],
  addedAudio: [],
};
const EPISODE_REF = { seriesId: '65f0000000000000000000bb', seasonNumber: 2, episodeNumber: 4 };
const request: OpenPlaybackRpc = {
  userId: USER,
  sessionId: 'sess-1',
  movieId: MOVIE,
  title: 'Sample',
  quality: '720p',
  screens: 2,
  deviceLabel: '  ',
  classification: 'UA13',
};

const LEASE: LeaseRecord = {
  leaseId: 'lease_0000001',
  userId: USER,
  sessionId: 'sess-1',
  movieId: MOVIE,
  title: 'Sample',
  deviceLabel: 'Unnamed device',
  startedAt: '2026-01-01T10:00:00.000Z',
  isAdmin: false,
  durationSeconds: 90,
};
/**
 * What the repository's heartbeat script answers: the lease extended, and the report it marked: the service's fields
 * with what the clock counted (here 10 s watched, at 42 s, unless `counted` says otherwise).
 */
const outcome =
  ({
    counted = {},
    ...overrides
  }: Partial<Omit<HeartbeatOutcome, 'progress'>> & {
    counted?: Partial<EventPayload<'watch.progressed'>>;
  } = {}) =>
  (
    _userId: string,
    _leaseId: string,
    _report: HeartbeatReport,
    fields: ProgressFields,
  ): HeartbeatOutcome => ({
    state: 'active',
    lease: LEASE,
    progress: {
      marker: 'marker-1',
      report: { ...fields, watchedSeconds: 10, positionSeconds: 42, ...counted },
    },
    ...overrides,
  });

const setup = () => {
  const assets = { findPlayable: jest.fn().mockResolvedValue(asset) };
  const leases = {
    take: jest.fn().mockResolvedValue({ taken: true, leaseId: 'lease_0000001' }),
    heartbeat: jest.fn(async (...args: Parameters<ReturnType<typeof outcome>>) => outcome()(...args)),
    clearProgress: jest.fn().mockResolvedValue(undefined),
    startClock: jest.fn().mockResolvedValue(undefined),
    stop: jest.fn().mockResolvedValue(true),
    live: jest.fn(),
    rememberEpisode: jest.fn().mockResolvedValue(undefined),
    rememberProfile: jest.fn().mockResolvedValue(undefined),
  };
  // Announces as the real one does when Redis takes the event: published, then the marker cleared.
  const outbox = {
    announceMarked: jest.fn(async (_event: MarkedEvent, done: () => Promise<unknown>) => {
      await done();
    }),
  };
  /** The events announced, in order. */
  const announced = () => outbox.announceMarked.mock.calls.map(([event]) => event);
  const deletedUsers = { isDeleted: jest.fn().mockResolvedValue(false) };
  const plays = { started: jest.fn().mockResolvedValue(undefined) };
  const tokens = new StreamTokenSigner(env);
  const service = new PlaybackService(
    assets as unknown as AssetsRepository,
    leases as unknown as LeasesRepository,
    tokens,
    outbox as unknown as Outbox,
    deletedUsers as unknown as DeletedUsers,
    plays as unknown as PlaysService,
    env,
  );
  return { service, assets, leases, outbox, announced, tokens, deletedUsers, plays };
};

describe('PlaybackService', () => {
  it('signs where the files are into the token: the asset dir and the audio an admin added (edge links, issue 29)', async () => {
    const { service, assets, tokens } = setup();
    assets.findPlayable.mockResolvedValue({ ...asset, addedAudio: ['ta'] });
    const opened = await service.open(request);
    expect(tokens.verify(opened.token)).toMatchObject({
      ok: true,
      claims: { assetDir: 'samples/1', addedAudio: ['ta'] },
    });
  });

  it('opens with a lease, signed URLs and the renditions under the cap', async () => {
    const { service, leases, tokens } = setup();
    const opened = await service.open(request);
    expect(leases.take).toHaveBeenCalledWith(
      expect.objectContaining({
        userId: USER,
        sessionId: 'sess-1',
        movieId: MOVIE,
        deviceLabel: 'Unnamed device',
      }),
      2,
    );
    expect(opened).toMatchObject({
      leaseId: 'lease_0000001',
      hlsUrl: `/stream/t/${opened.token}/${MOVIE}/master.m3u8`,
      mp4Url: `/stream/${MOVIE}?token=${opened.token}`,
      trickplayUrl: `/stream/t/${opened.token}/${MOVIE}/trickplay/thumbs.vtt`,
      renditions: ['720p', '480p'],
      quality: '720p',
      durationSeconds: 90,
      heartbeatSeconds: HEARTBEAT_SECONDS,
    });
    const check = tokens.verify(opened.token);
    expect(check).toMatchObject({
      ok: true,
      claims: { userId: USER, leaseId: 'lease_0000001', quality: '720p', assetDir: 'samples/1' },
    });
    expect(check.ok && check.claims.expiresAt * 1000).toBe(new Date(opened.expiresAt).getTime());
    // The lease's watch clock starts now, and lasts as long as the token (issue 22, finding 5).
    expect(leases.startClock).toHaveBeenCalledWith(
      USER,
      'lease_0000001',
      expect.any(Number),
      new Date(opened.expiresAt).getTime(),
    );
  });

  it('refuses a title without media (404) before taking a screen', async () => {
    const { service, assets, leases } = setup();
    assets.findPlayable.mockResolvedValue(null);
    await expect(service.open(request)).rejects.toMatchObject({
      code: ErrorCode.NotFound,
      message: StreamingMessages.noMedia,
    });
    expect(leases.take).not.toHaveBeenCalled();
  });

  it('refuses when every screen is taken (409), announcing no play', async () => {
    const { service, leases, plays } = setup();
    leases.take.mockResolvedValue({ taken: false });
    await expect(service.open(request)).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      message: StreamingMessages.screenLimit,
    });
    expect(plays.started).not.toHaveBeenCalled();
  });

  it('announces the play of the lease it took (issue 28)', async () => {
    const { service, plays } = setup();
    const opened = await service.open(request);
    expect(plays.started).toHaveBeenCalledWith(
      expect.objectContaining({ leaseId: opened.leaseId, userId: USER, movieId: MOVIE, durationSeconds: 90 }),
    );
  });

  it('gives no trickplay URL when the asset has none', async () => {
    const { service, assets } = setup();
    assets.findPlayable.mockResolvedValue({ ...asset, hasTrickplay: false });
    expect((await service.open(request)).trickplayUrl).toBeNull();
  });

  const beat = (token: string, leaseId: string, overrides: Partial<HeartbeatRequest> = {}) => ({
    token,
    leaseId,
    positionSeconds: 42,
    durationSeconds: 90,
    event: PlaybackEvent.Tick,
    watchedSeconds: 10,
    ...overrides,
  });

  it('keeps who was an admin and how long the title runs with the lease', async () => {
    const { service, leases } = setup();
    await service.open({ ...request, isAdmin: true });
    expect(leases.take).toHaveBeenCalledWith(
      expect.objectContaining({ isAdmin: true, durationSeconds: 90 }),
      2,
    );
  });

  it('renews on a heartbeat with a fresh token, and publishes what the clock lets count with the token’s user and title', async () => {
    const { service, leases, announced, tokens } = setup();
    const opened = await service.open(request);
    leases.heartbeat.mockImplementation(async (...args) =>
      outcome({ counted: { watchedSeconds: 2.5, positionSeconds: 12 } })(...args),
    );
    const reply = await service.heartbeat(
      beat(opened.token, opened.leaseId, { positionSeconds: 40, watchedSeconds: 30 }),
    );

    expect(reply).toEqual({
      leaseActive: true,
      token: expect.any(String),
      expiresAt: expect.any(String),
      userId: USER,
      movieId: MOVIE,
      isAdmin: false,
      startedAt: LEASE.startedAt,
      durationSeconds: 90,
    });
    // The same grant, renewed from now.
    const renewed = tokens.verify(reply.token ?? '');
    const first = tokens.verify(opened.token);
    if (!renewed.ok || !first.ok) throw new Error('tokens refused');
    expect(renewed.claims).toEqual({ ...first.claims, expiresAt: renewed.claims.expiresAt });
    expect(renewed.claims.expiresAt).toBeGreaterThanOrEqual(first.claims.expiresAt);
    expect(new Date(reply.expiresAt ?? '').getTime()).toBe(renewed.claims.expiresAt * 1000);
    // The report goes to the lease's clock, with the reporting token's life.
    const [userId, leaseId, report, , times] = leases.heartbeat.mock.calls[0] as unknown as [
      string,
      string,
      unknown,
      unknown,
      { now: number; issuedAt: number; expiresAt: number; renewedUntil: number },
    ];
    expect([userId, leaseId, report]).toEqual([
      USER,
      opened.leaseId,
      { exit: false, seek: false, positionSeconds: 40, watchedSeconds: 30 },
    ]);
    expect(times.expiresAt).toBe(first.claims.expiresAt * 1000);
    expect(times.issuedAt).toBe((first.claims.expiresAt - env.STREAM_TOKEN_TTL_SECONDS) * 1000);
    expect(times.renewedUntil).toBe(renewed.claims.expiresAt * 1000);
    // Announced as marked by the heartbeat's change, dated when reported; the marker goes once it is published.
    expect(announced()).toEqual([
      {
        type: 'watch.progressed',
        payload: {
          userId: USER,
          movieId: MOVIE,
          positionSeconds: 12,
          durationSeconds: 90,
          event: 'tick',
          leaseId: opened.leaseId,
          reportedAt: new Date(times.now).toISOString(),
          watchedSeconds: 2.5,
        },
        occurredAt: new Date(times.now),
      },
    ]);
    expect(leases.clearProgress).toHaveBeenCalledWith('marker-1');
  });

  it('tells the clock about seeks and exits', async () => {
    const { service, leases } = setup();
    const { token, leaseId } = await service.open(request);
    for (const event of [PlaybackEvent.Seek, PlaybackEvent.Exit, PlaybackEvent.Pause]) {
      await service.heartbeat(beat(token, leaseId, { event }));
    }
    expect(
      leases.heartbeat.mock.calls.map(([, , report]) => report as { exit: boolean; seek: boolean }),
    ).toEqual([
      expect.objectContaining({ exit: false, seek: true }),
      expect.objectContaining({ exit: true, seek: false }),
      expect.objectContaining({ exit: false, seek: false }),
    ]);
  });

  it('keeps an episode’s ref with its lease until the token expires, and puts it on its reports', async () => {
    const { service, leases, announced, tokens } = setup();
    const opened = await service.open({ ...request, episode: EPISODE_REF });
    const check = tokens.verify(opened.token);
    expect(leases.rememberEpisode).toHaveBeenCalledWith(
      USER,
      'lease_0000001',
      EPISODE_REF,
      check.ok ? check.claims.expiresAt * 1000 : NaN,
    );
    leases.heartbeat.mockImplementation(async (...args) =>
      outcome({ counted: { episode: EPISODE_REF } })(...args),
    );
    for (const event of ['tick', 'exit'] as const) {
      await service.heartbeat(beat(opened.token, opened.leaseId, { event, positionSeconds: 30 }));
    }
    expect(announced()).toHaveLength(2);
    for (const { type, payload } of announced()) {
      expect(type).toBe('watch.progressed');
      expect(payload).toMatchObject({ movieId: MOVIE, episode: EPISODE_REF });
    }
  });

  it('remembers no episode for a movie, and its reports carry none', async () => {
    const { service, leases, announced } = setup();
    const { token, leaseId } = await service.open(request);
    expect(leases.rememberEpisode).not.toHaveBeenCalled();
    await service.heartbeat(beat(token, leaseId));
    expect(announced()[0].payload).not.toHaveProperty('episode');
  });

  it('answers leaseActive false without a token for an ended lease, and still records the position', async () => {
    const { service, leases, announced } = setup();
    const { token, leaseId } = await service.open(request);
    for (const ended of [outcome({ state: 'ended' }), outcome({ state: 'ended', lease: null })]) {
      leases.heartbeat.mockImplementation(async (...args) => ended(...args));
      const reply = await service.heartbeat(beat(token, leaseId, { event: 'pause' }));
      expect(reply).toMatchObject({ leaseActive: false, userId: USER, movieId: MOVIE });
      expect(reply).not.toHaveProperty('token');
    }
    expect(announced()).toHaveLength(2);
  });

  it('answers a deleted account’s heartbeat leaseActive false, changing and publishing nothing (issue 22, finding 3)', async () => {
    const { service, leases, outbox, deletedUsers } = setup();
    const { token, leaseId } = await service.open(request);
    deletedUsers.isDeleted.mockResolvedValue(true);
    expect(await service.heartbeat(beat(token, leaseId))).toEqual({
      leaseActive: false,
      userId: USER,
      movieId: MOVIE,
      isAdmin: false,
      startedAt: null,
      durationSeconds: null,
    });
    expect(deletedUsers.isDeleted).toHaveBeenCalledWith(USER);
    expect(leases.heartbeat).not.toHaveBeenCalled();
    expect(outbox.announceMarked).not.toHaveBeenCalled();
  });

  it('refuses a heartbeat with a forged token or another lease (403), publishing nothing', async () => {
    const { service, outbox } = setup();
    const { token, leaseId } = await service.open(request);
    const forged = `${token.slice(0, 10)}x${token.slice(11)}`;
    for (const body of [
      { token: forged, leaseId },
      { token, leaseId: 'someone_elses_lease' },
    ]) {
      await expect(
        service.heartbeat({
          ...body,
          positionSeconds: 1,
          durationSeconds: null,
          event: 'tick',
          watchedSeconds: 1,
        }),
      ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    }
    expect(outbox.announceMarked).not.toHaveBeenCalled();
  });

  it('lists the account’s streams, marking the asking device’s own', async () => {
    const { service, leases } = setup();
    const lease = (leaseId: string, sessionId: string) => ({
      leaseId,
      userId: USER,
      sessionId,
      movieId: MOVIE,
      title: 'Sample',
      deviceLabel: `Device ${sessionId}`,
      startedAt: '2026-01-01T10:00:00.000Z',
    });
    leases.live.mockResolvedValue({ limit: 2, leases: [lease('l1', 'a'), lease('l2', 'b')] });
    const { limit, streams } = await service.streams(USER, 'b');
    expect(limit).toBe(2);
    expect(streams.map((s) => [s.leaseId, s.current])).toEqual([
      ['l1', false],
      ['l2', true],
    ]);
  });
});
