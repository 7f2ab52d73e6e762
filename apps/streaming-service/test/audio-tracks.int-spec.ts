import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { AddedAudioTrack, MediaAsset } from '@app/contracts';
import { ErrorCode, StreamingMessages, StreamingRpc } from '@app/contracts';
import { failure } from '@app/server-testing';
import { SEGMENT_SECONDS } from '../src/ffmpeg/ladder';
import { TRANSCODE_QUEUE } from '../src/ingest/transcode.queue';
import { LocalMediaStore } from '../src/media/local-media-store';
import { MediaLayout } from '../src/media/media-layout';
import { openRequest } from './asset-fixture';
import {
  eventsOf,
  makeClip,
  makeTone,
  newMovieId,
  put,
  startPipelineService,
  waitFor,
} from './pipeline-context';

const SECONDS = 10;
const tone = async (file: string, seconds: number) => readFile(await makeTone(file, seconds));

// Issue 26: an admin adds a dub (an audio file in one language) to a title that plays.
describe('an audio track an admin adds, through the transcode queue to the master playlist', () => {
  let suite: Awaited<ReturnType<typeof startPipelineService>>;
  let store: LocalMediaStore;
  let work: string;
  let movieId: string;

  beforeAll(async () => {
    suite = await startPipelineService('streaming-audio-tracks');
    store = new LocalMediaStore(suite.mediaDir);
    work = await mkdtemp(path.join(tmpdir(), 'audio-tracks-'));
    // A title with its own Hindi audio, playable.
    movieId = newMovieId();
    const clip = await readFile(
      await makeClip(path.join(work, 'clip.mp4'), { seconds: SECONDS, size: '320x180', languages: ['hin'] }),
    );
    const ticket = await suite.service.call(StreamingRpc.uploadTicket, { movieId });
    expect((await put(`${suite.service.httpUrl}${ticket.uploadUrl}`, clip)).status).toBe(202);
    await waitFor(async () => (await asset(movieId)).status === 'ready', 90_000);
  });

  afterAll(async () => {
    await suite?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const asset = (id: string) => suite.service.call(StreamingRpc.asset, { movieId: id });
  const ticketFor = (id: string, language: string, label?: string) =>
    suite.service.call(StreamingRpc.audioUploadTicket, {
      movieId: id,
      track: { language: language as 'hi', ...(label ? { label } : {}) },
    });
  const upload = async (language: string, body: Buffer, label?: string) => {
    const ticket = await ticketFor(movieId, language, label);
    return put(`${suite.service.httpUrl}${ticket.uploadUrl}`, body, { 'content-type': 'audio/mp4' });
  };
  const added = async (language: string): Promise<AddedAudioTrack | undefined> =>
    (await asset(movieId)).addedAudio.find((track) => track.language === language);
  const master = async () => {
    const playback = await suite.service.call(StreamingRpc.open, openRequest(movieId));
    const base = `${suite.service.httpUrl}${playback.hlsUrl.replace(/\/master\.m3u8$/, '')}`;
    const res = await fetch(`${base}/master.m3u8`);
    expect(res.status).toBe(200);
    return { text: await res.text(), base, token: playback.token };
  };
  /** Delivery keeps where a title's files are for up to 10 s (PlayableAssetCache): a new track shows within that. */
  const masterListing = (language: string) =>
    waitFor(
      async () => {
        const playlist = await master();
        return playlist.text.includes(`LANGUAGE="${language}"`) ? playlist : null;
      },
      15_000,
      500,
    );
  const nothingIncoming = async () => expect(await store.list('incoming')).toEqual([]);

  it('transcodes a Tamil dub with visible progress, lists it once ready, serves it signed, and tells the catalogue', async () => {
    const dub = await tone(path.join(work, 'tamil.m4a'), SECONDS + 0.5);
    const reply = await upload('ta', dub, 'தமிழ் (Dub)');
    expect(reply.status).toBe(202);
    expect((reply.body as MediaAsset).addedAudio).toEqual([
      { language: 'ta', name: 'தமிழ் (Dub)', status: 'queued', progress: 0, error: null },
    ]);
    // Not listed while it is on its way.
    expect((await master()).text).not.toContain('LANGUAGE="ta"');

    const seen: AddedAudioTrack[] = [];
    const ready = await waitFor(
      async () => {
        const track = await added('ta');
        if (track) seen.push(track);
        return track?.status === 'ready' || track?.status === 'failed' ? track : null;
      },
      90_000,
      20,
    );
    expect(ready).toEqual({
      language: 'ta',
      name: 'தமிழ் (Dub)',
      status: 'ready',
      progress: 100,
      error: null,
    });
    expect(seen.some((track) => track.status === 'processing')).toBe(true);
    expect((await asset(movieId)).audioTracks).toEqual([
      { language: 'hi', name: 'हिन्दी', isDefault: true },
      { language: 'ta', name: 'தமிழ் (Dub)', isDefault: false },
    ]);
    await nothingIncoming();
    expect(await store.size(`${MediaLayout.addedAudio(movieId, 'ta')}/init.mp4`)).toBeGreaterThan(0);

    // The master playlist: the dub in the one audio group, beside the version's Hindi.
    const { text, base, token } = await masterListing('ta');
    const audioLines = text.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:TYPE=AUDIO'));
    expect(audioLines).toEqual([
      expect.stringContaining('LANGUAGE="hi"'),
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="ta",NAME="தமிழ் (Dub)",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio/ta/index.m3u8"',
    ]);
    for (const variant of text.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:')))
      expect(variant).toContain('AUDIO="aud"');

    // Its media playlist and segments, under the stream token: SEGMENT_SECONDS segments like the version's audio.
    const playlist = await fetch(`${base}/audio/ta/index.m3u8`);
    expect(playlist.status).toBe(200);
    const media = await playlist.text();
    expect(media).toContain('#EXT-X-MAP:URI="init.mp4"');
    const durations = [...media.matchAll(/#EXTINF:([\d.]+),/g)].map((match) => Number(match[1]));
    // Each but the last one segment long (audio cuts on a frame boundary at or after it), the last the rest.
    for (const duration of durations.slice(0, -1)) expect(duration).toBeCloseTo(SEGMENT_SECONDS, 1);
    expect(Math.max(...durations)).toBeLessThanOrEqual(SEGMENT_SECONDS + 0.1);
    // Padded or cut to the video's length.
    expect(durations.reduce((sum, d) => sum + d, 0)).toBeCloseTo(SECONDS, 0);
    const segment = await fetch(`${base}/audio/ta/seg_00001.m4s`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    expect((await fetch(`${base}/audio/ta/init.mp4`)).status).toBe(200);
    // Without a valid token, nothing.
    const forged = base.replace(token, `${token.slice(0, -2)}xx`);
    expect((await fetch(`${forged}/audio/ta/seg_00001.m4s`)).status).toBe(403);

    // `media.ready` again, now with Tamil: the catalogue's "Available in" filter learns it.
    const events = await waitFor(async () => {
      const all = await eventsOf(suite.redisUrl, 'media.ready', movieId);
      return all.some((event) => event.audioLanguages?.includes('ta')) ? all : null;
    });
    expect(events.at(-1)).toMatchObject({ movieId, audioLanguages: ['hi', 'ta'] });
  });

  it('refuses a language already heard (409): the version’s own, or an added one', async () => {
    for (const language of ['hi', 'ta'])
      expect(await failure(ticketFor(movieId, language))).toMatchObject({
        code: ErrorCode.Conflict,
        message: StreamingMessages.audioLanguageTaken,
      });
    expect(await failure(ticketFor(newMovieId(), 'en'))).toMatchObject({
      code: ErrorCode.Conflict,
      message: StreamingMessages.audioNeedsMedia,
    });
  });

  it('refuses a malformed, a too-short and a non-audio file with 400, storing and listing nothing', async () => {
    const before = await asset(movieId);
    const cases: Array<[Buffer, string]> = [
      [Buffer.from('just some notes, not a dub\n'.repeat(100)), StreamingMessages.notAudio],
      [await tone(path.join(work, 'short.wav'), 3), StreamingMessages.audioDuration],
      [await tone(path.join(work, 'long.mp3'), SECONDS + 5), StreamingMessages.audioDuration],
      [await readFile(path.join(work, 'clip.mp4')), StreamingMessages.audioOneStream],
    ];
    for (const [body, message] of cases) {
      const reply = await upload('en', body);
      expect([message, reply.status]).toEqual([message, 400]);
      expect(reply.body).toMatchObject({ code: ErrorCode.ValidationFailed, message });
      await nothingIncoming();
    }
    expect(await asset(movieId)).toEqual(before);
    expect(await store.list(MediaLayout.addedAudio(movieId, 'en'))).toEqual([]);
  });

  it('shows a failed transcode as failed, leaves the playlist as it was, and takes a new file for that language', async () => {
    const before = (await masterListing('ta')).text;
    const connection = new Redis(suite.redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(TRANSCODE_QUEUE, { connection, prefix: `bull-${suite.env.MONGODB_DB}` });
    try {
      // Probed fine on upload, damaged while it waits in the (paused) queue.
      await queue.pause();
      const dub = await tone(path.join(work, 'english.m4a'), SECONDS);
      expect((await upload('en', dub)).status).toBe(202);
      const [incoming] = await store.list(`incoming/${movieId}`);
      await writeFile(store.localPath(incoming), Buffer.alloc(20_000, 7));
      await queue.resume();
      const failed = await waitFor(async () => {
        const track = await added('en');
        return track?.status === 'failed' ? track : null;
      }, 90_000);
      expect(failed.error).toMatch(/^ffprobe failed: /);
      expect((await master()).text).toBe(before);
      expect((await asset(movieId)).audioTracks.map((track) => track.language)).toEqual(['hi', 'ta']);
      await nothingIncoming();
      expect(await store.list(MediaLayout.addedAudio(movieId, 'en'))).toEqual([]);

      // A failed language is no obstacle: the new file replaces the failed track.
      expect((await upload('en', dub)).status).toBe(202);
    } finally {
      await queue.resume();
      await queue.close();
      connection.disconnect();
    }
    await waitFor(async () => (await added('en'))?.status === 'ready', 90_000);
    expect((await asset(movieId)).addedAudio.map((track) => [track.language, track.status])).toEqual([
      ['ta', 'ready'],
      ['en', 'ready'],
    ]);
    await masterListing('en');
  });
});
