import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { OpenedPlayback } from '@app/contracts';
import { StreamingRpc } from '@app/contracts';
import { EventBus } from '@app/server-core';
import { Ffmpeg } from '../src/ffmpeg/ffmpeg.adapter';
import { AssetsRepository } from '../src/media/assets.repository';
import { MediaLayout } from '../src/media/media-layout';
import type { MediaStore } from '../src/media/media-store';
import { openMediaStore } from '../src/media/media-store.config';
import { S3MediaStore } from '../src/media/s3-media-store';
import { generateSamples } from '../src/samples/sample-generator';
import {
  makeClip,
  makeTone,
  newMovieId,
  probeJson,
  put,
  startPipelineService,
  waitFor,
} from './pipeline-context';
import { startS3Server, TEST_BUCKET } from './s3-server';

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
/** Every file under a dir, relative to it. */
const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

// Issue 15 part 2: with MEDIA_S3_BUCKET set, uploads, transcodes, samples, delivery and removal all go through
// object storage, here a real S3-protocol server (s3rver) spoken to by the real @aws-sdk/client-s3.
describe('media on S3-compatible object storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let suite: Awaited<ReturnType<typeof startPipelineService>>;
  /** Its own client on the same bucket: what another streaming replica would see. */
  let bucket: MediaStore;
  let work: string;
  /** A title uploaded and transcoded once for the suite (the ingest is the first test's subject). */
  const movieId = newMovieId();
  let dir: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    suite = await startPipelineService('streaming-s3', { env: s3.env });
    bucket = await openMediaStore(suite.env);
    work = await mkdtemp(path.join(tmpdir(), 's3-clips-'));
  });

  afterAll(async () => {
    if (bucket instanceof S3MediaStore) bucket.onApplicationShutdown();
    await suite?.close();
    await s3?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const asset = (id: string) => suite.service.call(StreamingRpc.asset, { movieId: id });
  const open = (id: string): Promise<OpenedPlayback> =>
    suite.service.call(StreamingRpc.open, {
      userId: newMovieId(),
      sessionId: `s3-${id}`,
      movieId: id,
      title: 'Object storage film',
      quality: 'best',
      screens: 4,
      deviceLabel: 'jest',
      classification: 'U',
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${suite.service.httpUrl}${url}`, { headers });
  const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('refuses to start on a bucket it cannot use, naming the settings to check', async () => {
    await expect(openMediaStore({ ...suite.env, MEDIA_S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(
      'media bucket "no-such-bucket" is not usable (NotFound, HTTP 404): check MEDIA_S3_*',
    );
  });

  it('takes an upload through transcoding into the bucket, keeping nothing on the local disk', async () => {
    const clip = await readFile(
      await makeClip(path.join(work, 'clip.mp4'), { seconds: 9, size: '426x240', crf: 30 }),
    );
    const ticket = await suite.service.call(StreamingRpc.uploadTicket, { movieId });
    const reply = await put(`${suite.service.httpUrl}${ticket.uploadUrl}`, clip, {
      'content-type': 'video/mp4',
    });
    expect(reply.status).toBe(202);
    const ready = await waitFor(
      async () => {
        const now = await asset(movieId);
        return now.status === 'ready' || now.status === 'failed' ? now : null;
      },
      90_000,
      100,
    );
    expect(ready).toMatchObject({ status: 'ready', renditions: ['480p'], hasMp4: true, hasTrickplay: true });

    const playable = await suite.service.app.get(AssetsRepository).findPlayable(movieId);
    dir = playable?.dir ?? '';
    expect(dir).toMatch(new RegExp(`^uploads/${movieId}/[a-z0-9]+$`));
    const keys = await bucket.list(dir);
    expect(keys).toEqual(
      expect.arrayContaining(
        [
          'hls/master.m3u8',
          'hls/480p/index.m3u8',
          'hls/480p/init.mp4',
          'hls/480p/seg_00001.m4s',
          'video.mp4',
          'trickplay/thumbs.vtt',
          'trickplay/sheet_000.jpg',
        ].map((file) => `${dir}/${file}`),
      ),
    );
    // The source went once the version was promoted; the service's own media dir was never used.
    expect(await bucket.list(`incoming/${movieId}`)).toEqual([]);
    expect(await readdir(suite.mediaDir)).toEqual([]);
    // …and the S3 server holds the objects, under the configured prefix (s3rver's own file naming).
    expect(await filesUnder(s3.directory)).toEqual(
      expect.arrayContaining([`${TEST_BUCKET}/media/${dir}/video.mp4._S3rver_object`]),
    );
  });

  it('answers MP4 byte ranges from the bucket with the same 206 / 416 / 304 answers as from disk', async () => {
    const playback = await open(movieId);
    const mp4 = await readAll(bucket.read(MediaLayout.mp4(dir)));
    expect(mp4.length).toBeGreaterThan(20_000);

    const ranged = await get(playback.mp4Url, { Range: 'bytes=1000-10999' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-10999/${mp4.length}`);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect(ranged.headers.get('accept-ranges')).toBe('bytes');
    expect((await body(ranged)).equals(mp4.subarray(1000, 11_000))).toBe(true);

    const suffix = await get(playback.mp4Url, { Range: 'bytes=-500' });
    expect(suffix.status).toBe(206);
    expect((await body(suffix)).equals(mp4.subarray(mp4.length - 500))).toBe(true);

    const whole = await get(playback.mp4Url);
    expect(whole.status).toBe(200);
    expect((await body(whole)).equals(mp4)).toBe(true);
    const etag = whole.headers.get('etag') ?? '';
    expect(etag).toEqual((await bucket.head(MediaLayout.mp4(dir)))?.etag);
    expect(whole.headers.get('last-modified')).not.toBeNull();

    expect((await get(playback.mp4Url, { Range: `bytes=${mp4.length}-` })).status).toBe(416);
    expect((await get(playback.mp4Url, { 'If-None-Match': etag })).status).toBe(304);
  });

  it('serves the HLS playlists and segments from the bucket, as video ffprobe reads back', async () => {
    const playback = await open(movieId);
    const base = playback.hlsUrl.replace(/\/master\.m3u8$/, '');
    const master = await get(playback.hlsUrl);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('480p/index.m3u8');
    const variant = await (await get(`${base}/480p/index.m3u8`)).text();
    const segments = variant.split('\n').filter((line) => line.endsWith('.m4s'));
    expect(segments.length).toBeGreaterThanOrEqual(2);

    const init = await get(`${base}/480p/init.mp4`);
    const segment = await get(`${base}/480p/${segments[1]}`);
    expect([init.status, segment.status]).toEqual([200, 200]);
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    const segmentBytes = await body(segment);
    const stored = await readAll(bucket.read(`${MediaLayout.renditionDir(dir, '480p')}/${segments[1]}`));
    expect(segmentBytes.equals(stored)).toBe(true);
    // A range inside a segment is a GetObject range too.
    const part = await get(`${base}/480p/${segments[1]}`, { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect((await body(part)).equals(stored.subarray(100, 200))).toBe(true);

    const file = path.join(work, 'segment.mp4');
    await writeFile(file, Buffer.concat([await body(init), segmentBytes]));
    const probed = await probeJson(file);
    // The ladder's lowest rung is 480p, whatever the source's height.
    expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({ height: 480 });

    expect((await get(`${base}/480p/seg_09999.m4s`)).status).toBe(404);
  });

  it('adds an audio track through the bucket and serves it beside the version’s (issue 26)', async () => {
    const tone = await makeTone(path.join(work, 'tamil.m4a'), 9);
    const ticket = await suite.service.call(StreamingRpc.audioUploadTicket, {
      movieId,
      track: { language: 'ta' },
    });
    expect((await put(`${suite.service.httpUrl}${ticket.uploadUrl}`, await readFile(tone))).status).toBe(202);
    await waitFor(async () => (await asset(movieId)).addedAudio[0]?.status === 'ready', 90_000);
    const trackDir = MediaLayout.addedAudio(movieId, 'ta');
    expect(await bucket.list(trackDir)).toEqual(
      expect.arrayContaining([`${trackDir}/index.m3u8`, `${trackDir}/init.mp4`, `${trackDir}/seg_00001.m4s`]),
    );
    expect(await bucket.list(`incoming/${movieId}`)).toEqual([]);
    expect(await readdir(suite.mediaDir)).toEqual([]);

    const playback = await open(movieId);
    const base = playback.hlsUrl.replace(/\/master\.m3u8$/, '');
    // Delivery keeps where a title's files are for a few seconds.
    await waitFor(
      async () => (await (await get(playback.hlsUrl)).text()).includes('LANGUAGE="ta"'),
      15_000,
      500,
    );
    const segment = await get(`${base}/audio/ta/seg_00001.m4s`);
    expect(segment.status).toBe(200);
    expect((await body(segment)).equals(await readAll(bucket.read(`${trackDir}/seg_00001.m4s`)))).toBe(true);
  });

  it('removes a deleted title’s media from the bucket', async () => {
    await suite.service.app.get(EventBus).publish('movie.deleted', { movieId });
    await waitFor(async () => (await asset(movieId)).status === 'none');
    await waitFor(async () => (await bucket.list(`uploads/${movieId}`)).length === 0);
    expect(await bucket.list(`incoming/${movieId}`)).toEqual([]);
    await waitFor(async () => (await bucket.list(MediaLayout.tracksOf(movieId))).length === 0);
  });

  it('plays a demo title from a sample film rendered locally and stored in the bucket', async () => {
    const options = { count: 1, seconds: 2, preset: 'ultrafast' as const, size: { width: 320, height: 180 } };
    expect(await generateSamples(bucket, new Ffmpeg(), options)).toEqual({ generated: 1, present: 0 });
    expect(await bucket.list(MediaLayout.sampleDir(1))).toContain('samples/1/sample.json');
    expect(await generateSamples(bucket, new Ffmpeg(), options)).toEqual({ generated: 0, present: 1 });

    const demo = newMovieId();
    await suite.service.app.get(EventBus).publish('movie.published', {
      movieId: demo,
      title: 'A seeded title',
      genre: 'Drama',
      publishDate: '2024-01-01',
      demo: true,
    });
    await waitFor(async () => (await asset(demo)).status === 'ready');
    const playback = await open(demo);
    const segment = await get(playback.hlsUrl.replace(/master\.m3u8$/, '480p/seg_00001.m4s'));
    expect(segment.status).toBe(200);
    expect((await body(segment)).length).toBeGreaterThan(0);
  });
});
