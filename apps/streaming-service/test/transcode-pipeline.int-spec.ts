import { mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TranscodeProgress } from '../src/ffmpeg/ffmpeg-progress';
import { Ffmpeg } from '../src/ffmpeg/ffmpeg.adapter';
import { parseMaster } from '../src/ffmpeg/hls-finish';
import { SEGMENT_SECONDS } from '../src/ffmpeg/ladder';
import { keyframeTimes, makeClip, probeJson } from './pipeline-context';

/** A rendition's directory after the 6 s clip: playlist, init segment and one segment per SEGMENT_SECONDS begun. */
const RENDITION_FILES = [
  'index.m3u8',
  'init.mp4',
  ...Array.from(
    { length: Math.ceil(6 / SEGMENT_SECONDS) },
    (_, i) => `seg_${String(i + 1).padStart(5, '0')}.m4s`,
  ),
];

/** Top-level MP4 boxes in file order (size, type), enough to see whether `moov` precedes `mdat`. */
const topLevelBoxes = async (file: string): Promise<string[]> => {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const boxes: string[] = [];
    const header = Buffer.alloc(16);
    for (let offset = 0; offset < size;) {
      await handle.read(header, 0, 16, offset);
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      if (boxSize === 0) boxSize = size - offset;
      boxes.push(header.toString('latin1', 4, 8));
      offset += boxSize;
    }
    return boxes;
  } finally {
    await handle.close();
  }
};

const extinfs = (playlist: string) => [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));

describe('the transcode pipeline on a 6-second 1080p clip made for the test', () => {
  let work: string;
  let out: string;
  const seen: TranscodeProgress[] = [];
  let result: Awaited<ReturnType<Ffmpeg['transcode']>>;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'transcode-'));
    out = path.join(work, 'asset');
    // Two spoken languages, tagged as containers tag them (ISO 639-2), the Hindi one first.
    const clip = await makeClip(path.join(work, 'clip.mp4'), {
      seconds: 6,
      size: '1920x1080',
      crf: 35,
      languages: ['hin', 'eng'],
    });
    result = await new Ffmpeg().transcode({ kind: 'file', path: clip }, out, {
      preset: 'ultrafast',
      onProgress: (progress) => seen.push(progress),
    });
  });

  afterAll(() => rm(work, { recursive: true, force: true }));

  it('writes the ladder, every name where media-layout.ts says, and a master with CODECS and RESOLUTION', async () => {
    expect(result).toMatchObject({
      durationSeconds: 6,
      renditions: ['1080p', '720p', '480p'],
      hasMp4: true,
      hasTrickplay: true,
    });
    const master = parseMaster(await readFile(path.join(out, 'hls/master.m3u8'), 'utf8'));
    expect(master.map((v) => [v.uri, v.resolution])).toEqual([
      ['1080p/index.m3u8', '1920x1080'],
      ['720p/index.m3u8', '1280x720'],
      ['480p/index.m3u8', '854x480'],
    ]);
    for (const variant of master) expect(variant.codecs).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
    for (const dir of result.renditions) {
      expect((await readdir(path.join(out, 'hls', dir))).sort()).toEqual(RENDITION_FILES);
    }
    // Audio cuts on an AAC frame boundary at or after each mark: the same names, and at most a short one more.
    for (const dir of ['audio/hi', 'audio/en']) {
      const files = (await readdir(path.join(out, 'hls', dir))).sort();
      expect(files.slice(0, RENDITION_FILES.length)).toEqual(RENDITION_FILES);
      expect(files.length - RENDITION_FILES.length).toBeLessThanOrEqual(1);
    }
  });

  it('keeps every audio stream with its language as one audio group, the video variants without sound', async () => {
    expect(result.audioTracks).toEqual([
      { language: 'hi', name: 'हिन्दी', isDefault: true },
      { language: 'en', name: 'English', isDefault: false },
    ]);
    const text = await readFile(path.join(out, 'hls/master.m3u8'), 'utf8');
    expect(text.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:'))).toEqual([
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="hi",NAME="हिन्दी",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/hi/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="en",NAME="English",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio/en/index.m3u8"',
    ]);
    for (const line of text.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF:')))
      expect(line).toContain('AUDIO="aud"');
    const video = await probeJson(path.join(out, 'hls/720p/index.m3u8'));
    expect(video.streams.map((s) => s.codec_type)).toEqual(['video']);
    for (const language of ['hi', 'en']) {
      const audio = await probeJson(path.join(out, 'hls/audio', language, 'index.m3u8'));
      expect(audio.streams).toEqual([expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' })]);
      expect(Number(audio.format.duration)).toBeCloseTo(6, 0);
    }
    for (const rendition of result.renditions) {
      expect((await readdir(path.join(out, 'hls', rendition))).sort()).toEqual(RENDITION_FILES);
    }
  });

  it('cuts SEGMENT_SECONDS fMP4 segments (the last one the rest of the film)', async () => {
    for (const rendition of result.renditions) {
      const playlist = await readFile(path.join(out, 'hls', rendition, 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      const durations = extinfs(playlist);
      expect(durations[0]).toBeCloseTo(SEGMENT_SECONDS, 1);
      expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(6, 1);
    }
  });

  it('puts keyframes on the same 2 s marks in every rendition (ffprobe over the variant playlists)', async () => {
    const times = await Promise.all(
      result.renditions.map((rendition) => keyframeTimes(path.join(out, 'hls', rendition, 'index.m3u8'))),
    );
    // Relative to the first frame: the fMP4 timeline starts a few ms in (the audio's priming delay).
    expect(times[0].map((t) => Math.round((t - times[0][0]) * 100) / 100)).toEqual([0, 2, 4]);
    for (const other of times.slice(1)) expect(other).toEqual(times[0]);
  });

  it('writes a 480p faststart MP4 (moov before mdat) with sound', async () => {
    const mp4 = path.join(out, 'video.mp4');
    const boxes = await topLevelBoxes(mp4);
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const probe = await probeJson(mp4);
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 854, height: 480 });
    // The fallback carries the default (Hindi) audio only.
    expect(probe.streams.filter((s) => s.codec_type === 'audio')).toHaveLength(1);
  });

  it('writes a trickplay sheet and its WebVTT index sized from the real frame', async () => {
    // The single frames the tiling step packs into sheets are gone.
    expect((await readdir(path.join(out, 'trickplay'))).sort()).toEqual(['sheet_000.jpg', 'thumbs.vtt']);
    const sheet = await probeJson(path.join(out, 'trickplay/sheet_000.jpg'));
    expect(sheet.streams[0]).toMatchObject({ width: 3200, height: 1800 });
    expect(await readFile(path.join(out, 'trickplay/thumbs.vtt'), 'utf8')).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:06.000\nsheet_000.jpg#xywh=0,0,320,180\n',
    );
  });

  it('reported progress from ffmpeg while it ran, rising to 100', () => {
    expect(seen.length).toBeGreaterThan(0);
    // Live progress during the encode is shown by the adapter's spec on a 30 s film; 6 s is too short to tell.
    const percents = seen.map((p) => p.percent);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(percents[percents.length - 1]).toBe(100);
  });

  it('never upscales: a 360p source gets 480p only, and an unreadable file fails with ffprobe`s reason', async () => {
    const small = await makeClip(path.join(work, 'small.mp4'), { seconds: 2, size: '640x360' });
    const smallResult = await new Ffmpeg().transcode(
      { kind: 'file', path: small },
      path.join(work, 'small'),
      {
        preset: 'ultrafast',
      },
    );
    expect(smallResult.renditions).toEqual(['480p']);
    const bogus = path.join(work, 'bogus.mp4');
    await rm(bogus, { force: true });
    await (await open(bogus, 'w')).close();
    await expect(
      new Ffmpeg().transcode({ kind: 'file', path: bogus }, path.join(work, 'bogus'), {
        preset: 'ultrafast',
      }),
    ).rejects.toThrow(/^ffprobe failed: /);
  });
});
