import type { AudioTrack, Rendition } from '@app/contracts';
import type { Rung } from './ladder';
import { AUDIO_KBPS, gopFrames, KEYFRAME_SECONDS, MP4_RUNG, SEGMENT_SECONDS } from './ladder';
import type { AudioContainer, VideoContainer } from './media-probe';
import type { AudioRendition } from './media-tracks';
import { AUDIO_GROUP, audioDir } from './media-tracks';
import { TRICKPLAY, TRICKPLAY_FRAMES } from './trickplay-vtt';

export const X264Presets = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium'] as const;
export type X264Preset = (typeof X264Presets)[number];

/** A sound of a generated film: a lavfi graph, or a WAV file (the sample films' speech), with its label. */
export type GeneratedAudio = { format: 'lavfi' | 'wav'; source: string; track: AudioTrack };

/** A file to transcode, or a lavfi graph (the sample films are rendered straight into the ladder, no mezzanine file). */
export type TranscodeSource =
  | { kind: 'file'; path: string }
  | {
      kind: 'lavfi';
      video: string;
      /** One audio rendition each, in this order (the first default one also goes into the MP4). */
      audio: GeneratedAudio[];
      durationSeconds: number;
      /** What the graph renders (a file's are probed). */
      height: number;
      fps: number;
    };

/** A file source once probed: its container's demuxer is forced on ffmpeg (`-f`). */
export type PlannedSource =
  Exclude<TranscodeSource, { kind: 'file' }> | { kind: 'file'; path: string; container: VideoContainer };

/**
 * Every file ffprobe and ffmpeg read is opened with the file protocol only: no demuxer can reach a URL, a pipe
 * or a subprocess through what it reads. The outputs are ours (the HLS muxer writes its segments and playlists
 * through the file protocol as well, so the ladder needs nothing more).
 */
export const LOCAL_FILES_ONLY = ['-protocol_whitelist', 'file'] as const;

export type TranscodePlan = {
  source: PlannedSource;
  /** Local directory receiving the MediaLayout tree (`hls/`, `video.mp4`, `trickplay/`; `trickplay/frames/` must exist). */
  outDir: string;
  preset: X264Preset;
  rungs: Rung[];
  fps: number | null;
  /** The audio renditions (none for a silent film): each encoded once, beside the video-only variants. */
  audio: AudioRendition[];
  /** Writes `key=value` progress blocks to stdout (the adapter reads them; the bare benchmark run does not). */
  progress: boolean;
};

/** One ffmpeg command line by its parts, in ffmpeg's order: global options, each input (its options, then `-i`), the filter graph, each output (its options, then its file). */
export type FfmpegCommandLine = {
  global: string[];
  inputs: Array<{ options: string[]; source: string }>;
  filterComplex: string;
  outputs: Array<{ options: string[]; target: string }>;
};

/** The argument list of a command line, as ffmpeg is spawned with it. */
export const commandArgs = ({ global, inputs, filterComplex, outputs }: FfmpegCommandLine): string[] => [
  ...global,
  ...inputs.flatMap((input) => [...input.options, '-i', input.source]),
  ...['-filter_complex', filterComplex],
  ...outputs.flatMap((output) => [...output.options, output.target]),
];

const inputsOf = (source: PlannedSource): FfmpegCommandLine['inputs'] =>
  source.kind === 'file'
    ? [{ options: ['-f', source.container, ...LOCAL_FILES_ONLY], source: source.path }]
    : [
        { options: ['-f', 'lavfi', '-t', String(source.durationSeconds)], source: source.video },
        ...source.audio.map((audio) => ({
          options:
            audio.format === 'lavfi'
              ? ['-f', 'lavfi', '-t', String(source.durationSeconds)]
              : ['-f', 'wav', ...LOCAL_FILES_ONLY],
          source: audio.source,
        })),
      ];

/** The audio renditions of a generated film: input 1, 2, … after the picture. */
export const generatedAudioRenditions = (audio: readonly GeneratedAudio[]): AudioRendition[] =>
  audio.map((sound, i) => ({ input: `${i + 1}:a:0`, track: sound.track }));

/** Every audio rendition's encoding: AAC-LC stereo at 48 kHz (what every HLS player decodes). */
const AAC_STEREO = ['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '48000'];

/** The HLS muxer of every rendition: fMP4, SEGMENT_SECONDS segments, VOD; `dir` receives init and segments. */
const hlsMuxer = (dir: string) => [
  ...['-f', 'hls', '-hls_segment_type', 'fmp4', '-hls_time', String(SEGMENT_SECONDS)],
  ...['-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments', '-start_number', '1'],
  ...['-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', `${dir}/seg_%05d.m4s`],
];

/** What plays in the MP4 fallback: the default audio (else the first). */
const mp4Audio = (audio: readonly AudioRendition[]) => audio.find((a) => a.track.isDefault) ?? audio[0];

/**
 * The main ffmpeg command of a transcode: the source is decoded once and split into the HLS ladder, the 480p
 * faststart MP4 and the single trickplay frames (`trickplay/frames/`, which trickplayTileCommand then packs into
 * the sheets). Keyframes are forced on the same 2 s marks in every output (and the GOP ceiling equals that
 * interval), so every rendition cuts its SEGMENT_SECONDS segments at the same instants.
 * The frames are not tiled here: ffmpeg 5.1 writes no `-progress` block until every output has written its
 * header, and a `tile=10x10` output writes nothing until a sheet is full (1000 s of film) or the film ends.
 */
export const transcodeCommand = ({
  source,
  outDir,
  preset,
  rungs,
  fps,
  audio: audioRenditions,
  progress,
}: TranscodePlan): FfmpegCommandLine => {
  const hasAudio = audioRenditions.length > 0;
  const gop = String(gopFrames(fps));
  const keyframes = [
    ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
    ...['-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`],
  ];
  const video = ['-c:v', 'libx264', '-preset', preset, ...keyframes];
  const audio = hasAudio ? AAC_STEREO : [];
  const mp4Sound = mp4Audio(audioRenditions);

  const outputs = rungs.length + 2;
  const labels = Array.from({ length: outputs }, (_, i) => `[s${i}]`).join('');
  const scaled = (rung: Rung, label: string, i: number) =>
    `[s${i}]scale=-2:${rung.height},setsar=1,format=yuv420p[${label}]`;
  // Trickplay: `eof_action=pass` gives ⌈duration / 10⌉ frames (plain fps=1/10 drops the only frame of a film under 5 s);
  // the first one is written at once, so every output has its header after the first frames.
  const filter = [
    `[0:v:0]split=${outputs}${labels}`,
    ...rungs.map((rung, i) => scaled(rung, `v${i}`, i)),
    scaled(MP4_RUNG, 'mp4', rungs.length),
    `[s${rungs.length + 1}]fps=1/${TRICKPLAY.intervalSeconds}:eof_action=pass,scale=${TRICKPLAY.width}:-2[thumbs]`,
  ].join(';');

  const hls = [
    ...rungs.flatMap((_, i) => ['-map', `[v${i}]`]),
    ...audioRenditions.flatMap((rendition) => ['-map', rendition.input]),
    ...video,
    ...rungs.flatMap((rung, i) => [
      ...[`-b:v:${i}`, `${rung.videoKbps}k`, `-maxrate:v:${i}`, `${rung.maxKbps}k`],
      ...[`-bufsize:v:${i}`, `${rung.bufferKbps}k`],
    ]),
    ...audio,
    ...hlsMuxer(`${outDir}/hls/%v`),
    ...['-master_pl_name', 'master.m3u8'],
    // Video-only variants in one audio group, each language its own rendition (`hls/audio/{language}`).
    ...[
      '-var_stream_map',
      [
        ...rungs.map((rung, i) => `v:${i}${hasAudio ? `,agroup:${AUDIO_GROUP}` : ''},name:${rung.rendition}`),
        ...audioRenditions.map(
          ({ track }, i) =>
            `a:${i},agroup:${AUDIO_GROUP},language:${track.language},name:${audioDir(track.language)}`,
        ),
      ].join(' '),
    ],
  ];
  const mp4 = [
    ...['-map', '[mp4]', ...(mp4Sound ? ['-map', mp4Sound.input] : [])],
    ...video,
    ...[
      '-b:v',
      `${MP4_RUNG.videoKbps}k`,
      '-maxrate',
      `${MP4_RUNG.maxKbps}k`,
      '-bufsize',
      `${MP4_RUNG.bufferKbps}k`,
    ],
    ...audio,
    ...['-movflags', '+faststart'],
  ];
  // Near-lossless: the tiling step encodes them once more, at the sheets' own quality.
  const thumbs = [
    ...['-map', '[thumbs]', '-c:v', 'mjpeg', '-q:v', '2', '-start_number', '0'],
    ...['-f', 'image2'],
  ];
  return {
    global: [
      ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats'],
      ...(progress ? ['-progress', 'pipe:1'] : []),
    ],
    inputs: inputsOf(source),
    filterComplex: filter,
    outputs: [
      { options: hls, target: `${outDir}/hls/%v/index.m3u8` },
      { options: mp4, target: `${outDir}/video.mp4` },
      { options: thumbs, target: `${trickplayFramesDir(outDir)}/${TRICKPLAY_FRAMES.pattern}` },
    ],
  };
};

export type AudioTrackPlan = {
  /** An added audio track's file (issue 26), its container found by Ffmpeg.probeAudio. */
  source: { path: string; container: AudioContainer };
  /** Receives `index.m3u8`, `init.mp4` and `seg_00001.m4s`…: one audio rendition (`hls/audio/{language}`). */
  outDir: string;
  /** The video's length: the track is cut or padded with silence to it, so it ends with the picture. */
  durationSeconds: number;
  progress: boolean;
};

/**
 * An added audio track's one command: its only audio stream encoded as the ingest encodes a film's languages
 * (same codec, rate and SEGMENT_SECONDS segments), so it joins the title's audio group beside them.
 */
export const audioTrackCommand = ({
  source,
  outDir,
  durationSeconds,
  progress,
}: AudioTrackPlan): FfmpegCommandLine => ({
  global: [
    ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats'],
    ...(progress ? ['-progress', 'pipe:1'] : []),
  ],
  inputs: [{ options: ['-f', source.container, ...LOCAL_FILES_ONLY], source: source.path }],
  filterComplex: `[0:a:0]apad,atrim=end=${durationSeconds.toFixed(3)}[aud]`,
  outputs: [
    { options: ['-map', '[aud]', ...AAC_STEREO, ...hlsMuxer(outDir)], target: `${outDir}/index.m3u8` },
  ],
});

/** The scratch directory of the single trickplay frames (inside `trickplay/`, removed once they are tiled). */
export const trickplayFramesDir = (outDir: string) => `${outDir}/trickplay/${TRICKPLAY_FRAMES.dir}`;

/**
 * The tiling step after the main command: the single frames (read as a 1 fps image sequence, so each is one
 * frame whatever its film time) packed into the 10 × 10 sheets `trickplay/sheet_000.jpg` …, the last one padded
 * as `tile` pads it. A few hundred small JPEGs at most for a feature film: a fraction of a second.
 */
export const trickplayTileCommand = (outDir: string): FfmpegCommandLine => ({
  global: ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats'],
  inputs: [
    {
      options: ['-f', 'image2', ...LOCAL_FILES_ONLY, '-framerate', '1', '-start_number', '0'],
      source: `${trickplayFramesDir(outDir)}/${TRICKPLAY_FRAMES.pattern}`,
    },
  ],
  filterComplex: `[0:v:0]tile=${TRICKPLAY.columns}x${TRICKPLAY.rows}[sheets]`,
  outputs: [
    {
      options: [
        ...['-map', '[sheets]', '-c:v', 'mjpeg', '-q:v', '5', '-start_number', '0'],
        ...['-f', 'image2'],
      ],
      target: `${outDir}/trickplay/sheet_%03d.jpg`,
    },
  ],
});

/** The same command as one argument list (what the adapter runs, and the bare benchmark spawns). */
export const transcodeArgs = (plan: TranscodePlan): string[] => commandArgs(transcodeCommand(plan));

export const renditionsOf = (rungs: Rung[]): Rendition[] => rungs.map((rung) => rung.rendition);
