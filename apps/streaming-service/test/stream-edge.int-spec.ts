import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenedPlayback, OpenPlaybackRpc } from '@app/contracts';
import { EdgeLinkShape, StreamingRpc } from '@app/contracts';
import { findFreePort, startStreamEdge, type NginxHandle } from '@app/local-infra';
import { MediaLayout } from '../src/media/media-layout';
import { openMediaStore } from '../src/media/media-store.config';
import { S3MediaStore } from '../src/media/s3-media-store';
import { objectId, openRequest } from './asset-fixture';
import { startDeliverySuite, type DeliverySuite } from './delivery-context';
import { startS3Server, TEST_BUCKET } from './s3-server';

/**
 * Issue 29 §4 in production form: k8s' stream edge (k8s/stream-edge.yaml, the template libs/local-infra generates)
 * in front of a streaming-service whose media are in a bucket, here a real S3-protocol server (s3rver). The edge
 * checks a segment's edge link and reads the object from the bucket itself, unsigned, as a bucket policy for the
 * edge's network allows; what it does not read (playlists) it passes on to streaming-service.
 */
describe('k8s stream edge: segments from the bucket without a Node process', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let suite: DeliverySuite;
  /** The edge in front of streaming-service, and one in front of nothing: whatever it answers 200 it read alone. */
  let edge: NginxHandle;
  let alone: NginxHandle;
  let work: string;
  const movieId = objectId();
  const dir = MediaLayout.sampleDir(7);
  const secret = randomBytes(24).toString('base64url');
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
  /** The fixture as written (also in the bucket). */
  const stored = (key: string) => readFile(path.join(suite.mediaDir, key));
  const base = (playback: OpenedPlayback) => playback.hlsUrl.replace(/\/master\.m3u8$/, '');
  const open = (overrides: Partial<OpenPlaybackRpc> = {}) =>
    suite.service.call(
      StreamingRpc.open,
      openRequest(movieId, { quality: '720p', userId: objectId(), ...overrides }),
    );

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'stream-edge-'));
    s3 = await startS3Server();
    // No revocation dir: the edge cannot see this service's disk. Its media store is the bucket.
    suite = await startDeliverySuite('streaming-k8s-edge', dir, [{ movieId, durationSeconds: 8 }], {
      ...s3.env,
      STREAM_EDGE_SECRET: secret,
    });
    // The fixture asset, stored in the bucket as the pipeline stores a finished one (a copy: storing may move it).
    const upload = path.join(work, 'upload');
    await cp(path.join(suite.mediaDir, dir), upload, { recursive: true });
    const bucket = await openMediaStore(suite.env);
    await bucket.putDirectory(dir, upload);
    if (bucket instanceof S3MediaStore) bucket.onApplicationShutdown();

    const origin = {
      STREAM_EDGE_SECRET: secret,
      MEDIA_ORIGIN_SCHEME: 'http',
      MEDIA_ORIGIN_HOST: '127.0.0.1',
      MEDIA_ORIGIN_PORT: new URL(s3.env.MEDIA_S3_ENDPOINT).port,
      // Path-style, as an S3-compatible store answers: /<bucket>/<prefix>.
      MEDIA_ORIGIN_PATH: `/${TEST_BUCKET}/${s3.env.MEDIA_S3_PREFIX}`,
    };
    edge = await startStreamEdge(
      path.join(work, 'edge'),
      await findFreePort(),
      { ...origin, STREAMING_SERVICE_ADDR: new URL(suite.service.httpUrl).host },
      EdgeLinkShape,
    );
    alone = await startStreamEdge(
      path.join(work, 'alone'),
      await findFreePort(),
      { ...origin, STREAMING_SERVICE_ADDR: `127.0.0.1:${await findFreePort()}` },
      EdgeLinkShape,
    );
  });

  afterAll(async () => {
    await alone?.stop();
    await edge?.stop();
    await suite?.close();
    await s3?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('reads a segment, an init segment and MP4 ranges from the bucket, checked by their edge link alone', async () => {
    const playback = await open();
    expect(playback.token.split('.')).toHaveLength(8);

    const seg = await fetch(`${alone.url}${base(playback)}/720p/seg_00002.m4s`);
    expect(seg.status).toBe(200);
    expect(seg.headers.get('content-type')).toBe('video/iso.segment');
    expect(seg.headers.get('cache-control')).toBe('private, max-age=60, immutable');
    expect(seg.headers.get('x-content-type-options')).toBe('nosniff');
    expect([...seg.headers.keys()].filter((name) => name.startsWith('x-amz-'))).toEqual([]);
    expect(await bytes(seg)).toEqual(await stored(`${MediaLayout.hlsDir(dir)}/720p/seg_00002.m4s`));

    const init = await fetch(`${alone.url}${base(playback)}/480p/init.mp4`);
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('video/mp4');

    const mp4 = await stored(MediaLayout.mp4(dir));
    const ranged = await fetch(`${alone.url}${playback.mp4Url}`, { headers: { Range: 'bytes=100-4195' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-4195/${mp4.length}`);
    expect(await bytes(ranged)).toEqual(mp4.subarray(100, 4196));

    // A playlist is streaming-service's (the master is filtered by the cap): not there.
    expect((await fetch(`${alone.url}${playback.hlsUrl}`)).status).toBe(502);
  });

  it('refuses, with no bytes, a rendition above the cap, a changed edge field and a file not in the bucket', async () => {
    const playback = await open();
    const [payload, mac, quality, lease, assetDir, audio, expiry, md5] = playback.token.split('.');
    const forged = (parts: string[]) => base(playback).replace(playback.token, parts.join('.'));
    const flipped = `${md5[0] === 'A' ? 'B' : 'A'}${md5.slice(1)}`;
    for (const [url, status] of [
      [`${base(playback)}/1080p/seg_00001.m4s`, 403],
      [`${forged([payload, mac, 'best', lease, assetDir, audio, expiry, md5])}/1080p/seg_00001.m4s`, 403],
      [`${forged([payload, mac, quality, lease, 's1', audio, expiry, md5])}/720p/seg_00001.m4s`, 403],
      [`${forged([payload, mac, quality, lease, assetDir, audio, expiry, flipped])}/720p/seg_00001.m4s`, 403],
      [
        `/stream/${movieId}?token=${[payload, mac, quality, lease, assetDir, audio, expiry, flipped].join('.')}`,
        403,
      ],
      [`${base(playback)}/720p/seg_00099.m4s`, 404],
    ] as const) {
      const res = await fetch(`${alone.url}${url}`);
      expect({ url, status: res.status }).toEqual({ url, status });
      expect((await bytes(res)).length).toBe(0);
    }
  });

  it('passes playlists on to streaming-service, which answers them from the bucket', async () => {
    const playback = await open();
    const master = await fetch(`${edge.url}${playback.hlsUrl}`);
    expect(master.status).toBe(200);
    const text = await master.text();
    // Filtered by the 720p cap, as streaming-service filters it.
    expect(text).toContain('720p/index.m3u8');
    expect(text).not.toContain('1080p/index.m3u8');
    const seg = await fetch(`${edge.url}${base(playback)}/480p/seg_00001.m4s`);
    expect(seg.status).toBe(200);
  });
});
