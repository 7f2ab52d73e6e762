import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FfprobeData } from 'fluent-ffmpeg';
import type { TranscodeProgress } from './ffmpeg-progress';
import { Ffmpeg, FfmpegError, fluentCommandOf, probeOf } from './ffmpeg.adapter';
import { planLadder } from './ladder';
import type { TranscodePlan } from './transcode-args';
import {
  audioTrackCommand,
  commandArgs,
  transcodeArgs,
  transcodeCommand,
  trickplayTileCommand,
} from './transcode-args';

const run = promisify(execFile);
const ENGLISH = { language: 'en', name: 'English', isDefault: true };

/** The list fluent-ffmpeg runs: ours, with the `-y` it always writes itself after the inputs. */
const withFluentY = (args: string[]) => {
  const rest = args.filter((arg) => arg !== '-y');
  const at = rest.indexOf('-filter_complex');
  return [...rest.slice(0, at), '-y', ...rest.slice(at)];
};

const plan = (overrides: Partial<TranscodePlan>): TranscodePlan => ({
  source: { kind: 'file', path: '/media/in put.mp4', container: 'mov' },
  outDir: '/out',
  preset: 'veryfast',
  rungs: planLadder(1080),
  fps: 24,
  audio: [{ input: '0:a:0', track: { language: 'hi', name: 'हिन्दी', isDefault: true } }],
  progress: true,
  ...overrides,
});

describe('the transcode command through fluent-ffmpeg', () => {
  it.each([
    ['a file with sound, the whole ladder', plan({})],
    // Two renditions: the -var_stream_map value has exactly one space, which a lone option would be split at.
    ['a 720p file without sound', plan({ rungs: planLadder(720), audio: [], fps: null })],
    [
      'two lavfi inputs (a graph with spaces), no progress',
      plan({
        source: {
          kind: 'lavfi',
          video: "testsrc2=size=1920x1080:rate=24,drawtext=text='Film A':x=10:y=10",
          audio: [{ format: 'lavfi', source: 'sine=frequency=440:sample_rate=48000', track: ENGLISH }],
          durationSeconds: 20,
          height: 1080,
          fps: 24,
        },
        progress: false,
      }),
    ],
    [
      'one lavfi input',
      plan({
        source: { kind: 'lavfi', video: 'testsrc2', audio: [], durationSeconds: 6, height: 360, fps: 30 },
        rungs: planLadder(360),
        audio: [],
      }),
    ],
  ])('builds the argument list of transcode-args.ts for %s', (_, transcode) => {
    const args = fluentCommandOf(transcodeCommand(transcode))._getArguments();
    expect(args).toEqual(withFluentY(transcodeArgs(transcode)));
    expect(args.filter((arg) => arg === '-y')).toHaveLength(1);
  });

  it("encodes an added audio track as the film's audio renditions are, as long as the video (issue 26)", () => {
    const line = audioTrackCommand({
      source: { path: '/in dub.mp3', container: 'mp3' },
      outDir: '/out/ta',
      durationSeconds: 92.5,
      progress: true,
    });
    const args = commandArgs(line);
    expect(fluentCommandOf(line)._getArguments()).toEqual(withFluentY(args));
    expect(args.slice(args.indexOf('-i') - 4, args.indexOf('-i') + 2)).toEqual([
      ...['-f', 'mp3', '-protocol_whitelist', 'file'],
      ...['-i', '/in dub.mp3'],
    ]);
    // Padded with silence, then cut at the video's end.
    expect(args[args.indexOf('-filter_complex') + 1]).toBe('[0:a:0]apad,atrim=end=92.500[aud]');
    const film = transcodeArgs(plan({}));
    const after = (list: string[], flag: string) => list[list.indexOf(flag) + 1];
    for (const flag of ['-c:a', '-b:a', '-ac', '-ar', '-hls_time', '-hls_segment_type', '-hls_playlist_type'])
      expect([flag, after(args, flag)]).toEqual([flag, after(film, flag)]);
    expect(after(args, '-hls_segment_filename')).toBe('/out/ta/seg_%05d.m4s');
    expect(args.at(-1)).toBe('/out/ta/index.m3u8');
  });

  it('reads a file with its container forced and through the file protocol only', () => {
    const args = transcodeArgs(plan({ source: { kind: 'file', path: '/in.mkv', container: 'matroska' } }));
    const input = args.indexOf('-i');
    expect(args.slice(input - 4, input + 2)).toEqual([
      ...['-f', 'matroska', '-protocol_whitelist', 'file'],
      ...['-i', '/in.mkv'],
    ]);
  });

  it('writes single trickplay frames (no tile in the main command) and tiles them in a second step', () => {
    const main = transcodeArgs(plan({}));
    const graph = main[main.indexOf('-filter_complex') + 1];
    expect(graph).toContain('fps=1/10:eof_action=pass,scale=320:-2[thumbs]');
    expect(graph).not.toContain('tile=');
    expect(main[main.length - 1]).toBe('/out/trickplay/frames/f_%05d.jpg');

    const tile = trickplayTileCommand('/out');
    const args = fluentCommandOf(tile)._getArguments();
    expect(args).toEqual(withFluentY(commandArgs(tile)));
    expect(args).toEqual([
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-nostats'],
      ...['-f', 'image2', '-protocol_whitelist', 'file', '-framerate', '1', '-start_number', '0'],
      ...['-i', '/out/trickplay/frames/f_%05d.jpg'],
      ...['-y', '-filter_complex', '[0:v:0]tile=10x10[sheets]'],
      ...['-map', '[sheets]', '-c:v', 'mjpeg', '-q:v', '5', '-start_number', '0', '-f', 'image2'],
      '/out/trickplay/sheet_%03d.jpg',
    ]);
  });
});

describe('fluent-ffmpeg ffprobe answers', () => {
  // As fluent-ffmpeg parses ffprobe's default writer: plain decimals as numbers, absent values as N/A or unknown
  // (which its typings do not allow for, hence the cast).
  const answer = {
    streams: [
      {
        index: 0,
        codec_name: 'mjpeg',
        codec_type: 'video',
        width: 320,
        height: 240,
        pix_fmt: 'unknown',
        r_frame_rate: '25/1',
        avg_frame_rate: '0/0',
        duration: 'N/A',
        bit_rate: 'N/A',
      },
      {
        index: 1,
        codec_name: 'aac',
        codec_type: 'audio',
        sample_rate: 48000,
        channels: 2,
        duration: 6,
        tags: { language: 'hin', handler_name: 'SoundHandler' },
      },
      { index: 2, codec_name: 'ac3', codec_type: 'audio', sample_rate: 48000, channels: 6, duration: 6 },
    ],
    format: { format_name: 'image2', duration: 6.006, size: 9455, bit_rate: 'N/A' },
    chapters: [],
  } as unknown as FfprobeData;

  it('reads as the JSON answer would', () => {
    expect(probeOf(answer)).toEqual({
      formatName: 'image2',
      durationSeconds: 6.006,
      sizeBytes: 9455,
      bitRate: null,
      video: { codec: 'mjpeg', width: 320, height: 240, fps: 25, pixelFormat: null },
      audio: { codec: 'aac', channels: 2, sampleRate: 48000 },
      audioStreams: [
        { index: 1, codec: 'aac', language: 'hin' },
        { index: 2, codec: 'ac3', language: null },
      ],
      streams: [
        { index: 0, type: 'video', codec: 'mjpeg' },
        { index: 1, type: 'audio', codec: 'aac' },
        { index: 2, type: 'audio', codec: 'ac3' },
      ],
    });
  });
});

describe('running ffmpeg', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'ffmpeg-adapter-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  const long = {
    kind: 'lavfi' as const,
    video: 'testsrc2=size=1280x720:rate=24',
    audio: [],
    durationSeconds: 600,
    height: 720,
    fps: 24,
  };

  it('reports progress while ffmpeg runs, not only once it has written every output (a 30 s 720p film)', async () => {
    // ffmpeg 5.1 writes no -progress block until every output has its header; a tiled trickplay output wrote
    // none until the film ended, so the first block came with the whole film done (99 %). A percent well below
    // that is ffmpeg's output position while it was still encoding.
    const seen: TranscodeProgress[] = [];
    const out = path.join(work, 'progress');
    const result = await new Ffmpeg().transcode(
      {
        kind: 'lavfi',
        video: 'testsrc2=size=1280x720:rate=24',
        audio: [{ format: 'lavfi', source: 'sine=frequency=440:sample_rate=48000', track: ENGLISH }],
        durationSeconds: 30,
        height: 720,
        fps: 24,
      },
      out,
      { preset: 'ultrafast', onProgress: (progress) => seen.push(progress) },
    );
    // The first thumbnail (and so the last output header) comes within the first 10 s slot: long before 90 %.
    expect(seen.filter((p) => p.percent > 0 && p.percent < 90).length).toBeGreaterThan(0);
    expect(seen[seen.length - 1].percent).toBe(100);
    // The sheets and their index as before, the single frames gone.
    expect(result.hasTrickplay).toBe(true);
    expect((await readdir(path.join(out, 'trickplay'))).sort()).toEqual(['sheet_000.jpg', 'thumbs.vtt']);
    expect(await readFile(path.join(out, 'trickplay/thumbs.vtt'), 'utf8')).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:10.000\nsheet_000.jpg#xywh=0,0,320,180\n\n' +
        '00:00:10.000 --> 00:00:20.000\nsheet_000.jpg#xywh=320,0,320,180\n\n' +
        '00:00:20.000 --> 00:00:30.000\nsheet_000.jpg#xywh=640,0,320,180\n',
    );
  }, 60_000);

  it('kills ffmpeg when the signal aborts while it runs', async () => {
    const controller = new AbortController();
    const started = Date.now();
    // A 10-minute film: without the kill, this would run for minutes.
    setTimeout(() => controller.abort(), 1_000);
    await expect(
      new Ffmpeg().transcode(long, path.join(work, 'aborted'), {
        preset: 'ultrafast',
        signal: controller.signal,
      }),
    ).rejects.toEqual(new FfmpegError('ffmpeg was stopped'));
    expect(Date.now() - started).toBeLessThan(4_000);
  }, 30_000);

  it('stops before spawning when the signal is already aborted', async () => {
    await expect(
      new Ffmpeg().transcode(long, path.join(work, 'early'), {
        preset: 'ultrafast',
        signal: AbortSignal.abort(),
      }),
    ).rejects.toEqual(new FfmpegError('ffmpeg was stopped'));
  });

  it('fails with ffmpeg`s last line on stderr', async () => {
    await expect(
      new Ffmpeg().transcode({ ...long, video: 'nosuchfilter', durationSeconds: 2 }, path.join(work, 'bad'), {
        preset: 'ultrafast',
      }),
    ).rejects.toThrow(/^ffmpeg failed: .*nosuchfilter/);
  }, 30_000);

  it('reads uploads in the allowed containers only, before any file they name is opened', async () => {
    // Made here from lavfi sources, as every test medium is.
    const make = (name: string, ...format: string[]) =>
      run('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10'],
        ...['-t', '1', ...format, path.join(work, name)],
      ]).then(() => path.join(work, name));
    const ffmpeg = new Ffmpeg();
    const containers = [
      [await make('film.mp4', '-c:v', 'libx264', '-preset', 'ultrafast'), 'mov'],
      [await make('film.mkv', '-c:v', 'libx264', '-preset', 'ultrafast'), 'matroska'],
      [await make('film.webm', '-c:v', 'libvpx', '-deadline', 'realtime'), 'matroska'],
      [await make('film.avi', '-c:v', 'mpeg4'), 'avi'],
      [await make('film.ts', '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mpegts'), 'mpegts'],
    ] as const;
    for (const [file, container] of containers) {
      const read = await ffmpeg.probeVideo(file);
      expect(read.container).toBe(container);
      expect(read.probe.video).toMatchObject({ width: 160, height: 120 });
    }

    // The same film behind a playlist and a concat list, an image, text: refused by ffprobe itself.
    const ts = containers[4][0];
    const playlist = path.join(work, 'film.m3u8');
    await writeFile(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:1,\n${ts}\n#EXT-X-ENDLIST\n`);
    const concat = path.join(work, 'film.ffconcat');
    await writeFile(concat, `ffconcat version 1.0\nfile '${containers[0][0]}'\n`);
    const image = await make('still.png', '-frames:v', '1');
    const text = path.join(work, 'notes.txt');
    await writeFile(text, 'not a film\n'.repeat(100));
    for (const file of [playlist, concat, image, text])
      await expect(ffmpeg.probeVideo(file)).rejects.toBeInstanceOf(FfmpegError);
  }, 60_000);

  it('says when a binary cannot run', async () => {
    const missing = new Ffmpeg({ ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' });
    await expect(missing.probeVideo(path.join(work, 'none.mp4'))).rejects.toThrow(/^ffprobe could not run: /);
    await expect(
      missing.transcode({ ...long, durationSeconds: 2 }, path.join(work, 'missing'), { preset: 'ultrafast' }),
    ).rejects.toThrow(/^ffmpeg could not run: /);
  });
});
