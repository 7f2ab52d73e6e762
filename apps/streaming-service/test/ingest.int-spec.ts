import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { MediaAsset } from '@app/contracts';
import { StreamingMessages, StreamingRpc } from '@app/contracts';
import { TRANSCODE_QUEUE } from '../src/ingest/transcode.queue';
import { AssetsRepository } from '../src/media/assets.repository';
import { LocalMediaStore } from '../src/media/local-media-store';
import type { PutResult } from './pipeline-context';
import { eventsOf, makeClip, newMovieId, put, startPipelineService, waitFor } from './pipeline-context';

const UPLOAD_MAX_BYTES = 3_000_000;

describe('admin uploads through the queue to a playable title', () => {
  let suite: Awaited<ReturnType<typeof startPipelineService>>;
  let store: LocalMediaStore;
  let work: string;
  let clip: Buffer;

  beforeAll(async () => {
    suite = await startPipelineService('streaming-ingest', { uploadMaxBytes: UPLOAD_MAX_BYTES });
    store = new LocalMediaStore(suite.mediaDir);
    work = await mkdtemp(path.join(tmpdir(), 'ingest-clips-'));
    // Long enough at 360p for the worker to report progress at least once on the way.
    clip = await readFile(
      await makeClip(path.join(work, 'clip.mp4'), { seconds: 20, size: '640x360', crf: 38 }),
    );
    expect(clip.length).toBeLessThan(UPLOAD_MAX_BYTES);
  });

  afterAll(async () => {
    await suite?.close();
    await rm(work, { recursive: true, force: true });
  });

  const uploadUrl = async (movieId: string) => {
    const ticket = await suite.service.call(StreamingRpc.uploadTicket, { movieId });
    expect(ticket.maxBytes).toBe(UPLOAD_MAX_BYTES);
    expect(ticket.uploadUrl).toMatch(/^\/stream\/upload\/[A-Za-z0-9._-]+$/);
    return `${suite.service.httpUrl}${ticket.uploadUrl}`;
  };
  const asset = (movieId: string) => suite.service.call(StreamingRpc.asset, { movieId });
  const nothingIncoming = async () => expect(await store.list('incoming')).toEqual([]);

  it('answers status none for a title without media', async () => {
    const movieId = newMovieId();
    expect(await asset(movieId)).toMatchObject({
      movieId,
      status: 'none',
      renditions: [],
      source: null,
      updatedAt: null,
    });
  });

  it('refuses a text file with the SPEC message and keeps nothing', async () => {
    const movieId = newMovieId();
    const reply = await put(
      await uploadUrl(movieId),
      Buffer.from('just some notes, not a film\n'.repeat(200)),
      {
        'content-type': 'text/plain',
        'x-file-name': 'notes.txt',
      },
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'VALIDATION_FAILED', message: StreamingMessages.notVideo });
    await nothingIncoming();
    expect((await asset(movieId)).status).toBe('none');
  });

  /** The one answer to every upload that is not a video file, leaving nothing stored, queued or playable. */
  const refusedAsNotVideo = async (movieId: string, reply: PutResult) => {
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'VALIDATION_FAILED', message: StreamingMessages.notVideo });
    await nothingIncoming();
    expect((await asset(movieId)).status).toBe('none');
  };

  /** An HLS playlist naming files by their paths on the server's disk. */
  const playlistNaming = (...files: string[]) =>
    Buffer.from(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-TARGETDURATION:2',
        ...files.flatMap((file) => ['#EXTINF:2.0,', file]),
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );

  it('refuses an oversized upload by its Content-Length, and one that lies about it, keeping nothing', async () => {
    const movieId = newMovieId();
    const declared = await put(await uploadUrl(movieId), Buffer.alloc(1024), {
      'content-type': 'video/mp4',
      'content-length': String(UPLOAD_MAX_BYTES + 1),
    });
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: StreamingMessages.tooLarge });

    // Chunked, no length: counted as it streams and cut off past the limit.
    const chunk = Buffer.alloc(64 * 1024, 7);
    const endless = Readable.from(
      (function* () {
        for (let sent = 0; sent < UPLOAD_MAX_BYTES * 2; sent += chunk.length) yield chunk;
      })(),
    );
    const streamed = await put(await uploadUrl(movieId), endless, { 'content-type': 'video/mp4' });
    expect(streamed.status).toBe(413);
    await nothingIncoming();
    expect(await store.list('uploads')).toEqual([]);
  });

  it('refuses forged and expired tickets', async () => {
    const url = await uploadUrl(newMovieId());
    const forged = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await put(forged, clip, { 'content-type': 'video/mp4' })).status).toBe(403);
    const expired = url.replace(/(\/stream\/upload\/[a-f0-9]{24})\.\d+\./, '$1.1000.');
    expect(expired).not.toEqual(url);
    expect((await put(expired, clip, { 'content-type': 'video/mp4' })).status).toBe(403);
    await nothingIncoming();
  });

  it('takes a real clip: 202 queued, then processing with progress, then ready with media.ready', async () => {
    const movieId = newMovieId();
    const first = await uploadUrl(movieId);
    const reply = await put(first, clip, {
      'content-type': 'video/mp4',
      'x-file-name': encodeURIComponent('C:\\films\\Holi Nights.mp4'),
    });
    expect(reply.status).toBe(202);
    expect(reply.body).toMatchObject({
      movieId,
      status: 'queued',
      progress: 0,
      source: 'upload',
      sourceName: 'Holi Nights.mp4',
    });
    // The ticket is spent: the same link takes no second file (the first goes on).
    expect((await put(first, clip, { 'content-type': 'video/mp4' })).status).toBe(403);

    const seen: MediaAsset[] = [];
    const ready = await waitFor(
      async () => {
        const now = await asset(movieId);
        seen.push(now);
        return now.status === 'ready' || now.status === 'failed' ? now : null;
      },
      90_000,
      50,
    );
    expect(ready).toMatchObject({
      status: 'ready',
      progress: 100,
      renditions: ['480p'],
      hasMp4: true,
      hasTrickplay: true,
    });
    expect(ready.durationSeconds).toBeCloseTo(20, 0);
    const progressing = seen.filter((s) => s.status === 'processing' && s.progress > 0 && s.progress < 100);
    expect(progressing.length).toBeGreaterThan(0);
    expect(progressing.some((s) => s.etaSeconds !== null)).toBe(true);

    // Announced right after the asset turned ready.
    const announced = await waitFor(async () => {
      const events = await eventsOf(suite.redisUrl, 'media.ready', movieId);
      return events.length > 0 ? events : null;
    });
    // The clip's one audio stream has no language tag: no language to name (issue 26).
    expect(announced).toEqual([
      { movieId, durationSeconds: ready.durationSeconds, audioLanguages: [], subtitleLanguages: [] },
    ]);
    const playable = await suite.service.app.get(AssetsRepository).findPlayable(movieId);
    expect(playable?.dir).toMatch(new RegExp(`^uploads/${movieId}/[a-z0-9]+$`));
    expect(await store.size(`${playable?.dir}/hls/480p/init.mp4`)).toBeGreaterThan(0);
    await nothingIncoming();
  });

  it('keeps the playing version while a new upload fails, retries it, then swaps versions and removes the old one', async () => {
    const movieId = newMovieId();
    const repository = suite.service.app.get(AssetsRepository);
    expect((await put(await uploadUrl(movieId), clip, { 'content-type': 'video/mp4' })).status).toBe(202);
    await waitFor(async () => (await asset(movieId)).status === 'ready', 90_000);
    const first = await repository.findPlayable(movieId);

    // The second upload's file is damaged while it waits in the (paused) queue: probed fine, fails to transcode.
    const connection = new Redis(suite.redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(TRANSCODE_QUEUE, { connection, prefix: `bull-${suite.env.MONGODB_DB}` });
    try {
      await queue.pause();
      expect((await put(await uploadUrl(movieId), clip, { 'content-type': 'video/mp4' })).status).toBe(202);
      const [incoming] = await store.list(`incoming/${movieId}`);
      await writeFile(store.localPath(incoming), Buffer.alloc(50_000, 1));
      await queue.resume();
      const failed = await waitFor(async () => {
        const now = await asset(movieId);
        return now.status === 'failed' ? now : null;
      }, 90_000);
      expect(failed.error).toMatch(/^ffprobe failed: /);
      // The failed job replaced nothing: delivery still gets the first version, and the upload is kept for a retry.
      expect(await repository.findPlayable(movieId)).toEqual(first);
      expect(await store.list('incoming')).toEqual([incoming]);

      await writeFile(store.localPath(incoming), clip);
      const retried = await suite.service.call(StreamingRpc.retry, { movieId });
      expect(retried).toMatchObject({ status: 'queued', error: null });
    } finally {
      await queue.resume();
      await queue.close();
      connection.disconnect();
    }
    const ready = await waitFor(async () => {
      const now = await asset(movieId);
      return now.status === 'ready' ? now : null;
    }, 90_000);
    expect(ready.error).toBeNull();
    const second = await repository.findPlayable(movieId);
    expect(second?.dir).not.toEqual(first?.dir);
    expect(await store.size(`${second?.dir}/video.mp4`)).toBeGreaterThan(0);
    // media.ready goes out last, after the old version and the upload were removed.
    await waitFor(async () => (await eventsOf(suite.redisUrl, 'media.ready', movieId)).length === 2);
    expect(await store.list(first?.dir ?? 'none')).toEqual([]);
    await nothingIncoming();

    await expect(suite.service.call(StreamingRpc.retry, { movieId })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  describe('uploads are video files, nothing else (issue 22, finding 4)', () => {
    let segment: string;
    beforeAll(async () => {
      // A real film on the server's disk, where a playlist or a concat list can name it.
      segment = await makeClip(path.join(work, 'on-disk.ts'), { seconds: 2, size: '320x240' });
    });

    it('refuses an HLS playlist naming a film on the server`s disk: 400, nothing stored, nothing ready', async () => {
      const movieId = newMovieId();
      const reply = await put(await uploadUrl(movieId), playlistNaming(segment), {
        'content-type': 'application/vnd.apple.mpegurl',
        'x-file-name': 'film.m3u8',
      });
      await refusedAsNotVideo(movieId, reply);
    });

    it('refuses a concat list naming a film on the server`s disk', async () => {
      for (const list of [
        `ffconcat version 1.0\nfile '${segment}'\n`,
        `ffconcat version 1.0\nfile 'on-disk.ts'\n`,
      ]) {
        const movieId = newMovieId();
        const reply = await put(await uploadUrl(movieId), Buffer.from(list), {
          'x-file-name': 'film.ffconcat',
        });
        await refusedAsNotVideo(movieId, reply);
      }
    });

    it('answers a playlist naming /etc/passwd and one naming a missing file with the same bytes', async () => {
      // After a real film, so ffprobe alone would have taken either; the same correlation id on both requests,
      // so any difference would be the service telling one file from the other.
      const answers: PutResult[] = [];
      for (const target of ['/etc/passwd', path.join(work, 'no-such-file.ts')]) {
        const movieId = newMovieId();
        const reply = await put(await uploadUrl(movieId), playlistNaming(segment, target), {
          'x-correlation-id': 'issue-22-same-request',
          'x-file-name': 'film.m3u8',
        });
        await refusedAsNotVideo(movieId, reply);
        answers.push(reply);
      }
      expect(answers[1].status).toBe(answers[0].status);
      expect(answers[1].text).toBe(answers[0].text);
    });

    it('takes a Matroska film and transcodes it', async () => {
      const mkv = await readFile(
        await makeClip(path.join(work, 'film.mkv'), { seconds: 4, size: '640x360' }),
      );
      const movieId = newMovieId();
      const reply = await put(await uploadUrl(movieId), mkv, {
        'content-type': 'video/x-matroska',
        'x-file-name': 'film.mkv',
      });
      expect(reply.status).toBe(202);
      const done = await waitFor(async () => {
        const now = await asset(movieId);
        return now.status === 'ready' || now.status === 'failed' ? now : null;
      }, 90_000);
      expect(done).toMatchObject({ status: 'ready', renditions: ['480p'], hasMp4: true, error: null });
      expect(done.durationSeconds).toBeCloseTo(4, 0);
    });

    it('takes each ticket once: a refused upload used it up too', async () => {
      const movieId = newMovieId();
      const url = await uploadUrl(movieId);
      await refusedAsNotVideo(movieId, await put(url, Buffer.from('not a film\n'.repeat(50))));
      const again = await put(url, clip, { 'content-type': 'video/mp4' });
      expect(again.status).toBe(403);
      await nothingIncoming();
      expect((await asset(movieId)).status).toBe('none');
    });
  });
});
