import type { OpenPlaybackRpc } from '@app/contracts';
import { ErrorCode, HEARTBEAT_SECONDS, StreamingMessages } from '@app/contracts';
import type { EventBus } from '@app/server-core';
import type { Env } from '../env';
import type { AssetsRepository } from '../media/assets.repository';
import type { PlayableAsset } from '../media/media-layout';
import type { LeasesRepository } from './leases.repository';
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
};

const setup = () => {
  const assets = { findPlayable: jest.fn().mockResolvedValue(asset) };
  const leases = {
    take: jest.fn().mockResolvedValue({ taken: true, leaseId: 'lease_0000001' }),
    renew: jest.fn().mockResolvedValue(true),
    release: jest.fn().mockResolvedValue(true),
    stop: jest.fn().mockResolvedValue(true),
    live: jest.fn(),
    rememberEpisode: jest.fn().mockResolvedValue(undefined),
    episodeOf: jest.fn().mockResolvedValue(null),
  };
  const events = { publish: jest.fn().mockResolvedValue('event-id') };
  const tokens = new StreamTokenSigner(env);
  const service = new PlaybackService(
    assets as unknown as AssetsRepository,
    leases as unknown as LeasesRepository,
    tokens,
    events as unknown as EventBus,
    env,
  );
  return { service, assets, leases, events, tokens };
};

describe('PlaybackService', () => {
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
      claims: { userId: USER, leaseId: 'lease_0000001', quality: '720p' },
    });
    expect(check.ok && check.claims.expiresAt * 1000).toBe(new Date(opened.expiresAt).getTime());
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

  it('refuses when every screen is taken (409)', async () => {
    const { service, leases } = setup();
    leases.take.mockResolvedValue({ taken: false });
    await expect(service.open(request)).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      message: StreamingMessages.screenLimit,
    });
  });

  it('gives no trickplay URL when the asset has none', async () => {
    const { service, assets } = setup();
    assets.findPlayable.mockResolvedValue({ ...asset, hasTrickplay: false });
    expect((await service.open(request)).trickplayUrl).toBeNull();
  });

  it('renews on a heartbeat and publishes watch.progressed with the token’s user and title', async () => {
    const { service, leases, events } = setup();
    const { token, leaseId } = await service.open(request);
    const reply = await service.heartbeat({
      token,
      leaseId,
      positionSeconds: 42,
      durationSeconds: 90,
      event: 'tick',
      watchedSeconds: 10,
    });
    expect(reply).toEqual({ leaseActive: true });
    expect(leases.renew).toHaveBeenCalledWith(USER, leaseId);
    expect(events.publish).toHaveBeenCalledWith('watch.progressed', {
      userId: USER,
      movieId: MOVIE,
      positionSeconds: 42,
      durationSeconds: 90,
      event: 'tick',
      leaseId,
      reportedAt: expect.any(String),
      watchedSeconds: 10,
    });
  });

  it('keeps an episode’s ref with its lease until the token expires, and puts it on its reports', async () => {
    const { service, leases, events, tokens } = setup();
    const opened = await service.open({ ...request, episode: EPISODE_REF });
    const check = tokens.verify(opened.token);
    expect(leases.rememberEpisode).toHaveBeenCalledWith(
      USER,
      'lease_0000001',
      EPISODE_REF,
      check.ok ? check.claims.expiresAt * 1000 : NaN,
    );
    leases.episodeOf.mockResolvedValue(EPISODE_REF);
    for (const event of ['tick', 'exit'] as const) {
      await service.heartbeat({
        token: opened.token,
        leaseId: opened.leaseId,
        positionSeconds: 30,
        durationSeconds: 90,
        event,
        watchedSeconds: 10,
      });
    }
    expect(leases.episodeOf).toHaveBeenCalledWith(USER, opened.leaseId);
    expect(events.publish).toHaveBeenCalledTimes(2);
    for (const [type, payload] of events.publish.mock.calls as Array<[string, Record<string, unknown>]>) {
      expect(type).toBe('watch.progressed');
      expect(payload).toMatchObject({ movieId: MOVIE, episode: EPISODE_REF });
    }
  });

  it('remembers no episode for a movie, and its reports carry none', async () => {
    const { service, leases, events } = setup();
    const { token, leaseId } = await service.open(request);
    expect(leases.rememberEpisode).not.toHaveBeenCalled();
    await service.heartbeat({
      token,
      leaseId,
      positionSeconds: 1,
      durationSeconds: 90,
      event: 'tick',
      watchedSeconds: 1,
    });
    expect(events.publish.mock.calls[0][1]).not.toHaveProperty('episode');
  });

  it('answers leaseActive false for a stopped lease and still records the position', async () => {
    const { service, leases, events } = setup();
    const { token, leaseId } = await service.open(request);
    leases.renew.mockResolvedValue(false);
    expect(
      await service.heartbeat({
        token,
        leaseId,
        positionSeconds: 1,
        durationSeconds: null,
        event: 'pause',
        watchedSeconds: 0,
      }),
    ).toEqual({
      leaseActive: false,
    });
    expect(events.publish).toHaveBeenCalled();
  });

  it('releases the lease on exit', async () => {
    const { service, leases } = setup();
    const { token, leaseId } = await service.open(request);
    expect(
      await service.heartbeat({
        token,
        leaseId,
        positionSeconds: 5,
        durationSeconds: 90,
        event: 'exit',
        watchedSeconds: 3,
      }),
    ).toEqual({
      leaseActive: false,
    });
    expect(leases.release).toHaveBeenCalledWith(USER, leaseId);
    expect(leases.renew).not.toHaveBeenCalled();
  });

  it('refuses a heartbeat with a forged token or another lease (403), publishing nothing', async () => {
    const { service, events } = setup();
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
    expect(events.publish).not.toHaveBeenCalled();
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
