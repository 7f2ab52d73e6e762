import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenedPlayback } from '@app/contracts';
import { StreamingRpc } from '@app/contracts';
import { findFreePort, MEDIA_ACCEL_PREFIX, startFrontProxy, type FrontProxyHandle } from '@app/local-infra';
import { MediaLayout } from '../src/media/media-layout';
import { objectId, openRequest } from './asset-fixture';
import { startDeliverySuite, type DeliverySuite } from './delivery-context';

/**
 * Issue 29 §4: with a byte server in front (`STREAM_ACCEL_REDIRECT`), the service still decides every request
 * (token, lease, quality cap) and hands only the file's location to nginx, which sends the bytes with sendfile.
 */
describe('delivery handed to nginx in front (X-Accel-Redirect)', () => {
  let suite: DeliverySuite;
  let front: FrontProxyHandle;
  let playback: OpenedPlayback;
  let work: string;
  const movieId = objectId();
  const dir = MediaLayout.sampleDir(8);
  const base = () => playback.hlsUrl.replace(/\/master\.m3u8$/, '');
  const direct = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${suite.service.httpUrl}${url}`, { headers });
  const viaFront = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${front.url}${url}`, { headers });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
  const stored = (key: string) => readFile(path.join(suite.mediaDir, key));

  let checksPort: number;

  beforeAll(async () => {
    checksPort = await findFreePort();
    suite = await startDeliverySuite('streaming-accel', dir, [{ movieId, durationSeconds: 8 }], {
      STREAM_ACCEL_REDIRECT: MEDIA_ACCEL_PREFIX,
      STREAM_DELIVERY_PORT: String(checksPort),
    });
    work = await mkdtemp(path.join(tmpdir(), 'streaming-accel-front-'));
    front = await startFrontProxy({
      dir: work,
      port: await findFreePort(),
      host: '127.0.0.1',
      // No gateway in this suite: only /stream/ is asked for.
      gatewayPort: await findFreePort(),
      streamingPort: Number(new URL(suite.service.httpUrl).port),
      streamChecksPort: checksPort,
      mediaDir: suite.mediaDir,
      workers: 1,
    });
    playback = await suite.service.call(StreamingRpc.open, openRequest(movieId, { quality: '720p' }));
  });

  afterAll(async () => {
    await front?.stop();
    await suite?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('answers a checked segment with its location, type and caching, and no bytes of its own', async () => {
    const res = await direct(`${base()}/720p/seg_00002.m4s`);
    const key = `${MediaLayout.renditionDir(dir, '720p')}/seg_00002.m4s`;
    expect(res.status).toBe(200);
    expect(res.headers.get('x-accel-redirect')).toBe(`${MEDIA_ACCEL_PREFIX}${key}`);
    expect(res.headers.get('content-type')).toBe('video/iso.segment');
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    expect((await bytes(res)).length).toBe(0);
  });

  it('hands audio and subtitle renditions to nginx the same way (issue 26)', async () => {
    for (const [file, type] of [
      ['audio/hi/seg_00001.m4s', 'video/iso.segment'],
      ['subs/en/subs.vtt', 'text/vtt; charset=utf-8'],
    ]) {
      const res = await direct(`${base()}/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-accel-redirect')).toBe(
        `${MEDIA_ACCEL_PREFIX}${MediaLayout.hlsDir(dir)}/${file}`,
      );
      expect(res.headers.get('content-type')).toBe(type);
    }
  });

  it('still refuses on its own, naming no file: a rendition above the cap, a forged token', async () => {
    const tampered = `${playback.token.slice(0, -4)}${playback.token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    for (const url of [
      `${base()}/1080p/seg_00001.m4s`,
      `${base().replace(playback.token, tampered)}/720p/seg_00001.m4s`,
    ]) {
      const res = await direct(url);
      expect(res.status).toBe(403);
      expect(res.headers.get('x-accel-redirect')).toBeNull();
    }
  });

  it('answers the same checks on its plain listener, and nothing else there', async () => {
    const checks = `http://127.0.0.1:${checksPort}`;
    const res = await fetch(`${checks}${base()}/720p/seg_00002.m4s`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-accel-redirect')).toBe(
      `${MEDIA_ACCEL_PREFIX}${MediaLayout.renditionDir(dir, '720p')}/seg_00002.m4s`,
    );
    expect((await fetch(`${checks}/health`)).status).toBe(404);
    expect((await fetch(`${checks}${base()}/1080p/seg_00001.m4s`)).status).toBe(403);
  });

  it('through nginx: the segment’s bytes, the MP4’s ranges, the cap-filtered master playlist', async () => {
    const segment = await viaFront(`${base()}/720p/seg_00002.m4s`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    expect(await bytes(segment)).toEqual(
      await stored(`${MediaLayout.renditionDir(dir, '720p')}/seg_00002.m4s`),
    );

    const mp4 = await stored(MediaLayout.mp4(dir));
    const ranged = await viaFront(playback.mp4Url, { Range: 'bytes=100-4195' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-4195/${mp4.length}`);
    expect(await bytes(ranged)).toEqual(mp4.subarray(100, 4196));

    const master = await viaFront(playback.hlsUrl);
    const uris = (await master.text()).split('\n').filter((line) => line && !line.startsWith('#'));
    expect(uris.some((uri) => uri.startsWith('1080p'))).toBe(false);
    expect(uris.length).toBeGreaterThan(0);

    const refused = await viaFront(`${base()}/1080p/seg_00001.m4s`);
    expect(refused.status).toBe(403);
    expect((await bytes(refused)).length).toBe(0);
  });
});
