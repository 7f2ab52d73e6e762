import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { OpenedPlayback, OpenPlaybackRpc } from '@app/contracts';
import { EdgeLinkShape, PlaybackEvent, StreamingRpc } from '@app/contracts';
import { findFreePort, MEDIA_ACCEL_PREFIX, startFrontProxy, type FrontProxyHandle } from '@app/local-infra';
import { MediaLayout } from '../src/media/media-layout';
import { edgeSuffix } from '../src/playback/edge-link';
import type { StreamClaims } from '../src/playback/stream-token';
import { objectId, openRequest } from './asset-fixture';
import { startDeliverySuite, type DeliverySuite } from './delivery-context';

/**
 * Issue 29 §4: with STREAM_EDGE_SECRET, nginx in front checks the links of segments and the MP4 on its own (nginx's
 * secure_link over the token's edge fields, the cap, a revocation marker per ended lease) and sends the files by
 * sendfile; streaming-service is not asked. Here its checks listener is not even reachable from nginx, so every 200
 * below is nginx's own decision, and a playlist (still streaming-service's) is a 502.
 */
describe('edge links: nginx checks segments and the MP4 alone', () => {
  let suite: DeliverySuite;
  let front: FrontProxyHandle;
  let work: string;
  let revokedDir: string;
  const movieId = objectId();
  const dir = MediaLayout.sampleDir(9);
  const secret = randomBytes(24).toString('base64url');
  const base = (playback: OpenedPlayback) => playback.hlsUrl.replace(/\/master\.m3u8$/, '');
  const viaFront = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${front.url}${url}`, { headers });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
  const stored = (key: string) => readFile(path.join(suite.mediaDir, key));
  const open = (overrides: Partial<OpenPlaybackRpc> = {}) =>
    suite.service.call(StreamingRpc.open, openRequest(movieId, { quality: '720p', ...overrides }));
  /** A token's claims as streaming-service reads them (the payload, trusted here: the test holds the secret). */
  const verified = (token: string): StreamClaims => {
    const wire = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as Record<
      string,
      never
    >;
    return {
      userId: wire.u,
      sessionId: wire.s,
      movieId: wire.m,
      quality: wire.q,
      leaseId: wire.l,
      expiresAt: wire.e,
      assetDir: wire.d,
    };
  };
  const segment = (playback: OpenedPlayback, rendition = '720p') =>
    viaFront(`${base(playback)}/${rendition}/seg_00002.m4s`);

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'streaming-edge-'));
    revokedDir = path.join(work, 'revoked');
    suite = await startDeliverySuite('streaming-edge', dir, [{ movieId, durationSeconds: 8 }], {
      STREAM_ACCEL_REDIRECT: MEDIA_ACCEL_PREFIX,
      STREAM_EDGE_SECRET: secret,
      STREAM_EDGE_REVOKED_DIR: revokedDir,
    });
    front = await startFrontProxy({
      dir: path.join(work, 'nginx'),
      port: await findFreePort(),
      host: '127.0.0.1',
      gatewayPort: await findFreePort(),
      streamingPort: await findFreePort(),
      // Nothing listens here: whatever nginx answers 200 it decided alone.
      streamChecksPort: await findFreePort(),
      mediaDir: suite.mediaDir,
      workers: 1,
      edge: { secret, revokedDir, shape: EdgeLinkShape },
    });
  });

  afterAll(async () => {
    await front?.stop();
    await suite?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('sends a segment, an init segment and MP4 ranges without asking streaming-service', async () => {
    const playback = await open();
    expect(playback.token.split('.')).toHaveLength(8);

    const seg = await segment(playback);
    expect(seg.status).toBe(200);
    expect(seg.headers.get('content-type')).toBe('video/iso.segment');
    expect(seg.headers.get('cache-control')).toBe('private, max-age=60, immutable');
    expect(seg.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await bytes(seg)).toEqual(await stored(`${MediaLayout.renditionDir(dir, '720p')}/seg_00002.m4s`));

    const init = await viaFront(`${base(playback)}/480p/init.mp4`);
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('video/mp4');

    const mp4 = await stored(MediaLayout.mp4(dir));
    const ranged = await viaFront(playback.mp4Url, { Range: 'bytes=100-4195' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-4195/${mp4.length}`);
    expect(await bytes(ranged)).toEqual(mp4.subarray(100, 4196));

    // Playlists stay streaming-service's (the master is filtered by the cap): unreachable here.
    expect((await viaFront(playback.hlsUrl)).status).toBe(502);
  });

  it('refuses, with no bytes, a rendition above the cap and any changed edge field', async () => {
    const playback = await open();
    const [payload, mac, quality, lease, assetDir, audio, expiry, md5] = playback.token.split('.');
    const forged = (parts: string[]) => base(playback).replace(playback.token, parts.join('.'));
    const flipped = `${md5[0] === 'A' ? 'B' : 'A'}${md5.slice(1)}`;
    for (const url of [
      `${base(playback)}/1080p/seg_00001.m4s`,
      `${forged([payload, mac, 'best', lease, assetDir, audio, expiry, md5])}/1080p/seg_00001.m4s`,
      `${forged([payload, mac, quality, lease, assetDir, audio, String(Number(expiry) + 3600), md5])}/720p/seg_00001.m4s`,
      `${forged([payload, mac, quality, lease, 's1', audio, expiry, md5])}/720p/seg_00001.m4s`,
      `${forged([payload, mac, quality, lease, assetDir, 'aen', expiry, md5])}/audio/en/seg_00001.m4s`,
      `${forged([payload, mac, quality, lease, assetDir, audio, expiry, flipped])}/720p/seg_00001.m4s`,
      `/stream/${movieId}?token=${[payload, mac, quality, lease, assetDir, audio, expiry, flipped].join('.')}`,
    ]) {
      const res = await viaFront(url);
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
      expect((await bytes(res)).length).toBe(0);
    }
  });

  it('refuses a lease’s links the moment it is stopped, and after its player exits', async () => {
    const viewer = openRequest(movieId, { quality: '720p', userId: objectId() });
    const stopped = await suite.service.call(StreamingRpc.open, viewer);
    expect((await segment(stopped)).status).toBe(200);
    await suite.service.call(StreamingRpc.stop, { userId: viewer.userId, leaseId: stopped.leaseId });
    expect((await segment(stopped)).status).toBe(403);
    expect((await viaFront(stopped.mp4Url, { Range: 'bytes=0-99' })).status).toBe(403);

    const exited = await open({ userId: objectId() });
    expect((await segment(exited)).status).toBe(200);
    await suite.service.call(StreamingRpc.heartbeat, {
      token: exited.token,
      leaseId: exited.leaseId,
      positionSeconds: 5,
      durationSeconds: 8,
      event: PlaybackEvent.Exit,
      watchedSeconds: 1,
    });
    expect((await segment(exited)).status).toBe(403);

    // Another viewer's lease is untouched.
    expect((await segment(await open({ userId: objectId() }))).status).toBe(200);
  });

  it('keeps the edge link through a heartbeat’s renewed token', async () => {
    const playback = await open({ userId: objectId() });
    const reply = await suite.service.call(StreamingRpc.heartbeat, {
      token: playback.token,
      leaseId: playback.leaseId,
      positionSeconds: 5,
      durationSeconds: 8,
      event: PlaybackEvent.Tick,
      watchedSeconds: 1,
    });
    if (!reply.leaseActive || !reply.token) throw new Error('lease not active');
    // The renewal is signed from the verified claims: the asset's directory must survive it, or no edge fields.
    expect(reply.token.split('.')).toHaveLength(8);
    const renewed = await viaFront(
      `${base(playback).replace(playback.token, reply.token)}/720p/seg_00002.m4s`,
    );
    expect(renewed.status).toBe(200);
  });

  it('sends audio renditions too: the version’s own, and a language the link names as an admin’s from the title’s tracks', async () => {
    const playback = await open({ userId: objectId() });
    const own = await viaFront(`${base(playback)}/audio/hi/seg_00001.m4s`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('video/iso.segment');
    expect(await bytes(own)).toEqual(await stored(`${MediaLayout.hlsDir(dir)}/audio/hi/seg_00001.m4s`));

    // A link opened while an admin's English dub was ready (streaming-service signs `addedAudio` from the asset).
    const dub = randomBytes(5_000);
    const dubDir = path.join(suite.mediaDir, MediaLayout.addedAudio(movieId, 'en'));
    await mkdir(dubDir, { recursive: true });
    await writeFile(path.join(dubDir, 'seg_00001.m4s'), dub);
    const [payload, mac, ...edge] = playback.token.split('.');
    expect(edge[3]).toBe('a');
    const claims = { ...verified(playback.token), addedAudio: ['ta', 'en'] };
    const withDub = `${payload}.${mac}${edgeSuffix(claims, secret)}`;
    const dubbed = await viaFront(
      `${base(playback).replace(playback.token, withDub)}/audio/en/seg_00001.m4s`,
    );
    expect(dubbed.status).toBe(200);
    expect(await bytes(dubbed)).toEqual(dub);
    // The version's own Hindi is still the version's.
    const hindi = await viaFront(`${base(playback).replace(playback.token, withDub)}/audio/hi/seg_00001.m4s`);
    expect(await bytes(hindi)).toEqual(await stored(`${MediaLayout.hlsDir(dir)}/audio/hi/seg_00001.m4s`));
  });
});
