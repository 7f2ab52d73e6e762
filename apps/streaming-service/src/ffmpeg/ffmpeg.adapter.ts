import { ChildProcess } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AudioTrack, Rendition, SubtitleTrack } from '@app/contracts';
import fluentFfmpeg from 'fluent-ffmpeg';
import type { FfmpegCommand, FfprobeData } from 'fluent-ffmpeg';
import type { TranscodeProgress } from './ffmpeg-progress';
import { progressOf, progressParser } from './ffmpeg-progress';
import { checkMaster, normaliseInitSegments } from './hls-finish';
import {
  audioDir,
  audioRenditionsOf,
  finishMaster,
  SUBTITLE_FILE,
  subtitleDir,
  subtitlePlaylist,
} from './media-tracks';
import { planLadder } from './ladder';
import type { AudioContainer, MediaProbe, VideoContainer } from './media-probe';
import { AUDIO_DEMUXERS, audioContainerOf, containerOf, parseProbeJson, VIDEO_DEMUXERS } from './media-probe';
import type {
  AudioTrackPlan,
  FfmpegCommandLine,
  PlannedSource,
  TranscodeSource,
  X264Preset,
} from './transcode-args';
import {
  audioTrackCommand,
  generatedAudioRenditions,
  LOCAL_FILES_ONLY,
  renditionsOf,
  transcodeCommand,
  trickplayFramesDir,
  trickplayTileCommand,
} from './transcode-args';
import { buildThumbsVtt, TRICKPLAY_FRAMES } from './trickplay-vtt';

export type TranscodeOptions = {
  preset: X264Preset;
  /** Renditions wanted (default: the whole ladder); the source's height still removes the ones above it. */
  ladder?: readonly Rendition[];
  onProgress?: (progress: TranscodeProgress) => void;
  /** Aborting kills ffmpeg (service shutdown). */
  signal?: AbortSignal;
  /** WebVTT files (already checked) to serve as subtitle renditions beside the film. */
  subtitles?: ReadonlyArray<{ track: SubtitleTrack; vttPath: string }>;
};

export type TranscodeResult = {
  durationSeconds: number;
  renditions: Rendition[];
  hasMp4: boolean;
  hasTrickplay: boolean;
  audioTracks: AudioTrack[];
  subtitleTracks: SubtitleTrack[];
  /** The source as probed (null for a generated source). */
  probe: MediaProbe | null;
};

/** The demuxers ffprobe and ffmpeg are ever told to use: an upload's container, or one of our own outputs. */
export type Demuxer = VideoContainer | AudioContainer | 'hls' | 'image2';

/** An upload read safely: its container (forced on every later read) and what it holds. */
export type VideoFile = { container: VideoContainer; probe: MediaProbe };
/** An added audio track's file read the same way (issue 26). */
export type AudioFile = { container: AudioContainer; probe: MediaProbe };

/** A failure of ffmpeg or ffprobe, with the tool's own last words as the reason an admin sees. */
export class FfmpegError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FfmpegError';
  }
}

const lastLine = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .pop() ?? '';

// ffprobe's default writer (the one fluent-ffmpeg parses) prints an absent field as N/A (or "unknown"), where
// its JSON writer leaves the field out; fluent-ffmpeg also turns every plain decimal into a number.
const known = (value: unknown): string | number | undefined =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value !== '' && value !== 'N/A' && value !== 'unknown')
    ? value
    : undefined;
const text = (value: unknown) => {
  const v = known(value);
  return v === undefined ? undefined : String(v);
};
const integer = (value: unknown) => {
  const v = known(value);
  return v === undefined || !Number.isInteger(Number(v)) ? undefined : Number(v);
};

/**
 * fluent-ffmpeg's ffprobe answer brought back to the form of `ffprobe -print_format json` that parseProbeJson
 * reads (only the fields it reads). Exported for its spec.
 */
export const probeOf = ({ streams, format }: FfprobeData): MediaProbe =>
  parseProbeJson(
    JSON.stringify({
      streams: streams.map((stream) => ({
        index: stream.index,
        codec_type: text(stream.codec_type),
        codec_name: text(stream.codec_name),
        width: integer(stream.width),
        height: integer(stream.height),
        avg_frame_rate: text(stream.avg_frame_rate),
        r_frame_rate: text(stream.r_frame_rate),
        pix_fmt: text(stream.pix_fmt),
        channels: integer(stream.channels),
        sample_rate: known(stream.sample_rate),
        duration: known(stream.duration),
        tags: { language: text(stream.tags?.language) },
      })),
      format: {
        format_name: text(format.format_name),
        duration: known(format.duration),
        size: known(format.size),
        bit_rate: known(format.bit_rate),
      },
    }),
  );

/**
 * fluent-ffmpeg takes several options as they are, but splits a lone one at its single space ("-f lavfi" becomes
 * two arguments) and adds `undefined` for none.
 */
const addOptions = (add: (...options: string[]) => unknown, options: readonly string[]) => {
  if (options.length === 1 && options[0].includes(' ')) {
    throw new Error(`fluent-ffmpeg would split the lone option "${options[0]}"`);
  }
  if (options.length > 0) add(...options);
};

/**
 * The fluent-ffmpeg command for a pre-built command line. fluent-ffmpeg writes each input's options, `-i` and its
 * source, then `-y` (always, when an output is a file), the `-filter_complex` graph, then each output's options
 * and file. It has no place for options ahead of the inputs, so the global ones lead the first input's options,
 * and the line's own `-y` is left to fluent-ffmpeg: the argument list is the line's with `-y` moved after the
 * inputs (ffmpeg reads global options anywhere). Exported for its spec.
 */
export const fluentCommandOf = ({
  global,
  inputs,
  filterComplex,
  outputs,
}: FfmpegCommandLine): FfmpegCommand => {
  if (!global.includes('-y')) throw new Error('fluent-ffmpeg adds -y to every command writing files');
  const command = fluentFfmpeg();
  inputs.forEach((input, i) => {
    command.input(input.source);
    const leading = i === 0 ? global.filter((arg) => arg !== '-y') : [];
    addOptions((...options) => command.inputOptions(...options), [...leading, ...input.options]);
  });
  command.complexFilter(filterComplex);
  for (const output of outputs) {
    command.output(output.target);
    addOptions((...options) => command.outputOptions(...options), output.options);
  }
  return command;
};

/** The ffmpeg process fluent-ffmpeg spawned (set before its 'start' event, absent from its typings). */
const processOf = (command: FfmpegCommand): ChildProcess | null => {
  const child: unknown = Reflect.get(command, 'ffmpegProc');
  return child instanceof ChildProcess ? child : null;
};

/** A binary that could not be started (missing, not executable), as opposed to a tool that ran and failed. */
const isSpawnError = (error: Error) => typeof (error as NodeJS.ErrnoException).syscall === 'string';

/** fluent-ffmpeg's words for an end without a word on stderr, in ours. */
const exitReason = (message: string) => {
  const code = /exited with code (\d+)/.exec(message);
  if (code) return `exit code ${code[1]}`;
  const signal = /killed with signal (\w+)/.exec(message);
  return signal ? `killed by ${signal[1]}` : message;
};

const failure = (tool: string, error: Error, stderr: string): FfmpegError =>
  isSpawnError(error)
    ? new FfmpegError(`${tool} could not run: ${error.message}`)
    : new FfmpegError(`${tool} failed: ${lastLine(stderr) || exitReason(lastLine(error.message))}`);

/**
 * The one adapter over ffmpeg and ffprobe: probing and the transcodes that produce the MediaLayout tree; callers
 * see only probeVideo(), probeAudio(), probe(), transcode() and transcodeAudio(). Both tools run through
 * fluent-ffmpeg, which is archived upstream: nothing of it leaves this file, so replacing it by a direct spawn of the same argument list touches no caller.
 * - probe: `ffmpeg.ffprobe` (`ffprobe -show_streams -show_format -v error -protocol_whitelist file -f <demuxer>
 *   <file>`), its parsed answer mapped to the JSON form parseProbeJson reads (probeOf). An upload is first read
 *   by probeVideo, which lets ffprobe use the VIDEO_CONTAINERS demuxers only; every later read forces the one found.
 * - transcode: the main command transcode-args.ts builds, fed to fluent-ffmpeg input by input and output by
 *   output (fluentCommandOf), then its short tiling step (the single trickplay frames into sheets) the same way.
 *   Progress stays the main command's `-progress pipe:1` blocks, read from the ffmpeg process's stdout:
 *   fluent-ffmpeg's 'progress' event parses the stats lines on stderr, which `-nostats -loglevel error` turn off.
 *   Aborting kills the running ffmpeg with SIGKILL.
 * A failure is an FfmpegError with the tool's last line on stderr. fluent-ffmpeg keeps one path per binary for
 * the whole process: the ones given here are set before each run.
 */
export class Ffmpeg {
  constructor(private readonly binaries = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }) {}

  /**
   * Streams, codecs and duration of a file read with `demuxer` (forced: ffprobe guesses nothing) from local
   * files only; throws FfmpegError when ffprobe cannot read it so.
   */
  probe(file: string, demuxer: Demuxer): Promise<MediaProbe> {
    return this.ffprobe(file, ['-f', demuxer]);
  }

  /**
   * An upload, read before anything else is done with it: ffprobe may open it with the VIDEO_CONTAINERS demuxers
   * only (`-format_whitelist`), so a playlist, a concat list or any other format that names further files is
   * refused on its first bytes, before its header is parsed and whatever it names is opened; then it is probed
   * again with the container found forced. Throws FfmpegError for anything else (whether it holds a film is the
   * caller's question: isPlayableVideo).
   */
  async probeVideo(file: string): Promise<VideoFile> {
    const sniffed = await this.ffprobe(file, ['-format_whitelist', VIDEO_DEMUXERS]);
    const container = containerOf(sniffed.formatName);
    if (!container) throw new FfmpegError('the file is not in a video container');
    return { container, probe: await this.probe(file, container) };
  }

  /** An added audio track's file, read as probeVideo reads a film but with the AUDIO_CONTAINERS demuxers only. */
  async probeAudio(file: string): Promise<AudioFile> {
    const sniffed = await this.ffprobe(file, ['-format_whitelist', AUDIO_DEMUXERS]);
    const container = audioContainerOf(sniffed.formatName);
    if (!container) throw new FfmpegError('the file is not in an audio container');
    return { container, probe: await this.probe(file, container) };
  }

  /**
   * An added audio track's file (checked: probeAudio) as one HLS audio rendition in `outDir` (emptied first), as
   * long as the video; see audioTrackCommand. Progress and abort as transcode's.
   */
  async transcodeAudio(
    plan: Omit<AudioTrackPlan, 'progress'>,
    { onProgress, signal }: Pick<TranscodeOptions, 'onProgress' | 'signal'>,
  ): Promise<void> {
    await rm(plan.outDir, { recursive: true, force: true });
    await mkdir(plan.outDir, { recursive: true });
    const started = Date.now();
    const parse = onProgress
      ? progressParser((sample) =>
          onProgress(progressOf(sample, plan.durationSeconds, (Date.now() - started) / 1000)),
        )
      : null;
    await this.run(fluentCommandOf(audioTrackCommand({ ...plan, progress: true })), parse, signal);
  }

  private async ffprobe(file: string, options: readonly string[]): Promise<MediaProbe> {
    fluentFfmpeg.setFfprobePath(this.binaries.ffprobe);
    const data = await new Promise<FfprobeData>((resolve, reject) =>
      // On failure the message is fluent-ffmpeg's first line, then ffprobe's stderr.
      fluentFfmpeg.ffprobe(
        file,
        ['-v', 'error', ...LOCAL_FILES_ONLY, ...options],
        (error: Error | null | undefined, answer: FfprobeData) =>
          error
            ? reject(failure('ffprobe', error, error.message.split('\n').slice(1).join('\n')))
            : resolve(answer),
      ),
    );
    try {
      return probeOf(data);
    } catch {
      throw new FfmpegError('ffprobe gave an unreadable answer');
    }
  }

  /** Transcodes `source` into `outDir` (emptied first) as media-layout.ts describes; see transcode-args.ts. */
  async transcode(
    source: TranscodeSource,
    outDir: string,
    options: TranscodeOptions,
  ): Promise<TranscodeResult> {
    const { planned, probe } = await this.read(source);
    if (probe && !probe.video) throw new FfmpegError('the file has no video stream');
    const height = probe?.video?.height ?? (source.kind === 'lavfi' ? source.height : 0);
    const fps = probe?.video?.fps ?? (source.kind === 'lavfi' ? source.fps : null);
    const durationSeconds =
      probe?.durationSeconds ?? (source.kind === 'lavfi' ? source.durationSeconds : null);
    if (!durationSeconds) throw new FfmpegError('the file has no duration');
    const wanted = options.ladder;
    const rungs = planLadder(height).filter(
      (rung) => !wanted || wanted.includes(rung.rendition) || rung.rendition === '480p',
    );
    const renditions = renditionsOf(rungs);
    const audio =
      source.kind === 'file'
        ? probe
          ? audioRenditionsOf(probe)
          : []
        : generatedAudioRenditions(source.audio);
    const audioTracks = audio.map((rendition) => rendition.track);
    const subtitles = options.subtitles ?? [];
    const subtitleTracks = subtitles.map((subtitle) => subtitle.track);
    // The HLS muxer's variants in -var_stream_map order: the video rungs, then the audio renditions.
    const variantDirs = [...renditions, ...audioTracks.map((track) => audioDir(track.language))];

    await rm(outDir, { recursive: true, force: true });
    await Promise.all([
      ...variantDirs.map((dir) => mkdir(path.join(outDir, 'hls', dir), { recursive: true })),
      ...subtitleTracks.map((track) =>
        mkdir(path.join(outDir, 'hls', subtitleDir(track.language)), { recursive: true }),
      ),
      mkdir(trickplayFramesDir(outDir), { recursive: true }),
    ]);
    const command = fluentCommandOf(
      transcodeCommand({
        source: planned,
        outDir,
        preset: options.preset,
        rungs,
        fps,
        audio,
        progress: true,
      }),
    );
    const started = Date.now();
    const onProgress = options.onProgress;
    // Progress blocks are parsed or dropped, never accumulated (fluent-ffmpeg keeps only the last 100 lines).
    const parse = onProgress
      ? progressParser((sample) =>
          onProgress(progressOf(sample, durationSeconds, (Date.now() - started) / 1000)),
        )
      : null;
    await this.run(command, parse, options.signal);

    const hlsDir = path.join(outDir, 'hls');
    await normaliseInitSegments(hlsDir, variantDirs);
    await Promise.all(
      subtitles.map(async ({ track, vttPath }) => {
        const dir = path.join(hlsDir, subtitleDir(track.language));
        await copyFile(vttPath, path.join(dir, SUBTITLE_FILE));
        await writeFile(path.join(dir, 'index.m3u8'), subtitlePlaylist(durationSeconds));
      }),
    );
    const masterPath = path.join(hlsDir, 'master.m3u8');
    const master = finishMaster(await readFile(masterPath, 'utf8'), audioTracks, subtitleTracks);
    checkMaster(master, renditions);
    await writeFile(masterPath, master);
    const hasTrickplay = await this.tileTrickplay(outDir, durationSeconds, options.signal);
    return { durationSeconds, renditions, hasMp4: true, hasTrickplay, audioTracks, subtitleTracks, probe };
  }

  /** The source as ffmpeg is to read it, and what ffprobe found in it (null for a generated source). */
  private async read(source: TranscodeSource): Promise<{ planned: PlannedSource; probe: MediaProbe | null }> {
    if (source.kind !== 'file') return { planned: source, probe: null };
    const { container, probe } = await this.probeVideo(source.path);
    return { planned: { ...source, container }, probe };
  }

  /**
   * The trickplay step after the main command: tiles the single frames into the sheets (trickplayTileCommand)
   * while ffprobe reads one frame's size, writes the VTT index for the frames really written, and deletes them.
   */
  private async tileTrickplay(
    outDir: string,
    durationSeconds: number,
    signal: AbortSignal | undefined,
  ): Promise<boolean> {
    const framesDir = trickplayFramesDir(outDir);
    try {
      const frames = (await readdir(framesDir)).filter((name) => TRICKPLAY_FRAMES.match.test(name)).sort();
      if (frames.length === 0) return false;
      // Both settle before the frames go, so a failed probe never deletes them under the running tiling step.
      const [probed, tiled] = await Promise.allSettled([
        this.probe(path.join(framesDir, frames[0]), 'image2'),
        this.run(fluentCommandOf(trickplayTileCommand(outDir)), null, signal),
      ]);
      if (tiled.status === 'rejected') throw tiled.reason;
      if (probed.status === 'rejected') throw probed.reason;
      const frame = probed.value;
      if (!frame.video) return false;
      const vtt = buildThumbsVtt({
        durationSeconds,
        frameWidth: frame.video.width,
        frameHeight: frame.video.height,
        frameCount: frames.length,
      });
      await writeFile(path.join(outDir, 'trickplay', 'thumbs.vtt'), vtt);
      return true;
    } finally {
      await rm(framesDir, { recursive: true, force: true });
    }
  }

  private run(
    command: FfmpegCommand,
    onStdout: ((chunk: string) => void) | null,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new FfmpegError('ffmpeg was stopped'));
      // fluent-ffmpeg checks formats and codecs before it spawns: an abort before then kills at 'start'.
      let spawned = false;
      const stop = () => {
        if (spawned) command.kill('SIGKILL');
      };
      signal?.addEventListener('abort', stop, { once: true });
      const settle = (error: FfmpegError | null) => {
        signal?.removeEventListener('abort', stop);
        if (error) reject(error);
        else resolve();
      };
      command
        .on('start', () => {
          spawned = true;
          const child = processOf(command);
          // fluent-ffmpeg 2.1.3 handles a failed spawn (binary gone, EACCES, EAGAIN) with rings it does not have
          // yet and throws out of the event, taking the service down: the adapter answers that event itself.
          child?.removeAllListeners('error').on('error', (error) => settle(failure('ffmpeg', error, '')));
          if (onStdout) child?.stdout?.setEncoding('utf8').on('data', onStdout);
          if (signal?.aborted) command.kill('SIGKILL');
        })
        .on('error', (error, _stdout, stderr) =>
          settle(
            signal?.aborted ? new FfmpegError('ffmpeg was stopped') : failure('ffmpeg', error, stderr ?? ''),
          ),
        )
        .on('end', () => settle(null));
      command.setFfmpegPath(this.binaries.ffmpeg).run();
    });
  }
}
