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
    streams: streams.map((s) => ({
      index: s.index,
      type: s.codec_type ?? 'unknown',
      codec: s.codec_name ?? 'unknown',
    })),
  };
};

// Demuxers that "find" a picture stream in files that are not films: still images and text rendered as ANSI art.
const NOT_FILM_FORMATS = /^(image2|tty|[a-z0-9]+_pipe|gif|apng|webp_pipe|ico|bin|xbin|idf|adf)$/;

/** A film we can transcode: a picture stream with a size, a known duration, and not a still image or text. */
export const isPlayableVideo = (probe: MediaProbe): boolean =>
  probe.video !== null &&
  probe.video.width > 0 &&
  probe.video.height > 0 &&
  (probe.durationSeconds ?? 0) > 0 &&
  !probe.formatName.split(',').some((name) => NOT_FILM_FORMATS.test(name));
