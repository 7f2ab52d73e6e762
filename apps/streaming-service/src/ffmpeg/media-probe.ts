import { z } from 'zod';

/** What ffprobe tells about a file, trimmed to what the pipeline and the admin need (stored on the asset). */
export type MediaProbe = {
  formatName: string;
  durationSeconds: number | null;
  sizeBytes: number | null;
  bitRate: number | null;
  video: {
    codec: string;
    width: number;
    height: number;
    fps: number | null;
    pixelFormat: string | null;
  } | null;
  audio: { codec: string; channels: number | null; sampleRate: number | null } | null;
  /** Every audio stream in order (`0:a:{n}`), with its container language tag (issue 26: ingest keeps them all). */
  audioStreams: Array<{ index: number; codec: string; language: string | null }>;
  streams: Array<{ index: number; type: string; codec: string }>;
};

// ffprobe's JSON is input from a tool: parse it rather than trust its shape.
const numeric = z.union([z.string(), z.number()]).optional();
const FfprobeJsonSchema = z.object({
  streams: z
    .array(
      z.object({
        index: z.number(),
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        avg_frame_rate: z.string().optional(),
        r_frame_rate: z.string().optional(),
        pix_fmt: z.string().optional(),
        channels: z.number().optional(),
        sample_rate: numeric,
        duration: numeric,
        tags: z.object({ language: z.string().optional() }).partial().optional(),
      }),
    )
    .default([]),
  format: z
    .object({ format_name: z.string().optional(), duration: numeric, size: numeric, bit_rate: numeric })
    .optional(),
});

const toNumber = (value: string | number | undefined): number | null => {
  if (value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** `30000/1001` → 29.97; `0/0` (unknown) → null. */
export const parseFrameRate = (rate: string | undefined): number | null => {
  if (!rate) return null;
  const [num, den = '1'] = rate.split('/');
  const value = Number(num) / Number(den);
  return Number.isFinite(value) && value > 0 ? Math.round(value * 1000) / 1000 : null;
};

export const parseProbeJson = (json: string): MediaProbe => {
  const { streams, format } = FfprobeJsonSchema.parse(JSON.parse(json));
  const video = streams.find((s) => s.codec_type === 'video' && s.width && s.height);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = toNumber(format?.duration) ?? toNumber(video?.duration);
  return {
    formatName: format?.format_name ?? 'unknown',
    durationSeconds: duration !== null && duration > 0 ? duration : null,
    sizeBytes: toNumber(format?.size),
    bitRate: toNumber(format?.bit_rate),
    video: video
      ? {
          codec: video.codec_name ?? 'unknown',
          width: video.width ?? 0,
          height: video.height ?? 0,
          fps: parseFrameRate(video.avg_frame_rate) ?? parseFrameRate(video.r_frame_rate),
          pixelFormat: video.pix_fmt ?? null,
        }
      : null,
    audio: audio
      ? {
          codec: audio.codec_name ?? 'unknown',
          channels: audio.channels ?? null,
          sampleRate: toNumber(audio.sample_rate),
        }
      : null,
    audioStreams: streams
      .filter((s) => s.codec_type === 'audio')
      .map((s) => ({ index: s.index, codec: s.codec_name ?? 'unknown', language: s.tags?.language ?? null })),
    streams: streams.map((s) => ({
      index: s.index,
      type: s.codec_type ?? 'unknown',
      codec: s.codec_name ?? 'unknown',
    })),
  };
};

/**
 * The containers an upload may be (finding 4 of issue 22), by the demuxer name ffprobe reports, each with the
 * demuxer ffprobe and ffmpeg are then forced to (`-f`). Anything else is refused, whatever it holds: a playlist
 * (HLS), a concat list or any other format that opens further files or URLs, still images, text.
 */
export const VIDEO_CONTAINERS = {
  'mov,mp4,m4a,3gp,3g2,mj2': 'mov',
  'matroska,webm': 'matroska',
  avi: 'avi',
  mpegts: 'mpegts',
} as const;
export type VideoContainer = (typeof VIDEO_CONTAINERS)[keyof typeof VIDEO_CONTAINERS];

/** ffprobe's `-format_whitelist`: the only demuxers that may open an upload, so nothing else is even read. */
export const VIDEO_DEMUXERS: string = [...new Set(Object.values(VIDEO_CONTAINERS))].join(',');

/** The container of a probed format name (exactly as ffprobe reports it), or null for anything not allowed. */
export const containerOf = (formatName: string): VideoContainer | null =>
  Object.hasOwn(VIDEO_CONTAINERS, formatName)
    ? VIDEO_CONTAINERS[formatName as keyof typeof VIDEO_CONTAINERS]
    : null;

/** A film we can transcode: an allowed container with a picture stream that has a size, and a known duration. */
export const isPlayableVideo = (probe: MediaProbe): boolean =>
  containerOf(probe.formatName) !== null &&
  probe.video !== null &&
  probe.video.width > 0 &&
  probe.video.height > 0 &&
  (probe.durationSeconds ?? 0) > 0;

/**
 * The containers an added audio track's file may be (issue 26), by ffprobe's format name, each with the demuxer
 * then forced, as VIDEO_CONTAINERS does for films: M4A/MP4, MP3, raw AAC (ADTS), WAV, Ogg (Opus, Vorbis), FLAC and
 * Matroska/WebM audio. Nothing that names further files can open one.
 */
export const AUDIO_CONTAINERS = {
  'mov,mp4,m4a,3gp,3g2,mj2': 'mov',
  mp3: 'mp3',
  aac: 'aac',
  wav: 'wav',
  ogg: 'ogg',
  flac: 'flac',
  'matroska,webm': 'matroska',
} as const;
export type AudioContainer = (typeof AUDIO_CONTAINERS)[keyof typeof AUDIO_CONTAINERS];
export const AUDIO_DEMUXERS: string = [...new Set(Object.values(AUDIO_CONTAINERS))].join(',');

/** The demuxer of a probed audio file's format name, or null for anything not allowed. */
export const audioContainerOf = (formatName: string): AudioContainer | null =>
  Object.hasOwn(AUDIO_CONTAINERS, formatName)
    ? AUDIO_CONTAINERS[formatName as keyof typeof AUDIO_CONTAINERS]
    : null;
