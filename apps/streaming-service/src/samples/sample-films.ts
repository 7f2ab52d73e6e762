import { existsSync } from 'node:fs';

/** Debian's fonts-dejavu; without it the films play without their burned-in name and timecode. */
export const DEFAULT_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

export type FilmSize = { width: number; height: number };
export const FULL_HD: FilmSize = { width: 1920, height: 1080 };
export const SAMPLE_FPS = 24;

/** A lavfi picture at `size`; costly generators render small and are scaled up (mandelbrot at 1080p is ~1 s per frame here). */
type Look = { name: string; picture: (size: FilmSize) => string };

const small = (size: FilmSize, divisor: number) =>
  `${Math.max(16, Math.round(size.width / divisor / 2) * 2)}x${Math.max(16, Math.round(size.height / divisor / 2) * 2)}`;
const upscale = (size: FilmSize, flags: 'neighbor' | 'bicubic') =>
  `scale=${size.width}:${size.height}:flags=${flags}`;
const rate = `rate=${SAMPLE_FPS}`;

const LOOKS: Look[] = [
  {
    name: 'Test Card',
    picture: (s) => `testsrc2=size=${s.width}x${s.height}:${rate}`,
  },
  {
    name: 'Colour Bars',
    picture: (s) => `smptehdbars=size=${s.width}x${s.height}:${rate}`,
  },
  {
    name: 'Game of Life',
    picture: (s) =>
      `life=size=${small(s, 4)}:${rate}:mold=10:ratio=0.1:death_color=#202040:life_color=#40c0ff,${upscale(s, 'neighbor')}`,
  },
  {
    name: 'Automaton',
    picture: (s) => `cellauto=size=${small(s, 4)}:${rate}:rule=110,${upscale(s, 'neighbor')}`,
  },
  {
    name: 'Gradients',
    picture: (s) => `gradients=size=${small(s, 4)}:${rate}:speed=0.02,${upscale(s, 'bicubic')}`,
  },
  {
    name: 'Mandelbrot',
    picture: (s) => `mandelbrot=size=${small(s, 8)}:${rate},${upscale(s, 'bicubic')}`,
  },
];

export type SampleFilm = {
  /** 1-based: `samples/{n}`. */
  n: number;
  name: string;
  video: string;
};

/** drawtext's own escaping: `\`, `'`, `:` and `%` would otherwise end or change the option. */
const escapeText = (text: string) => text.replace(/[\\':%]/g, (c) => `\\${c}`);

/** The name top left and a running timecode (h:m:s.ms) bottom left, so a viewer sees what plays and where a seek landed. */
const captions = (name: string, size: FilmSize, font: string) => {
  const fontsize = Math.max(12, Math.round(size.height / 17));
  const style = `fontfile=${font}:fontsize=${fontsize}:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=${Math.round(fontsize / 4)}`;
  return [
    `drawtext=${style}:text='${escapeText(name)}':x=${fontsize}:y=${fontsize}`,
    `drawtext=${style}:text='%{pts\\:hms}':x=${fontsize}:y=h-th-${fontsize}`,
  ].join(',');
};

/**
 * Sample film n: a lavfi look (cycling through six when more are asked for) and the captions when a font is
 * there. Films past the sixth differ by name. Its sound is speech (sample-speech.ts).
 */
export const sampleFilm = (
  n: number,
  size: FilmSize = FULL_HD,
  font: string | null = DEFAULT_FONT,
): SampleFilm => {
  const look = LOOKS[(n - 1) % LOOKS.length];
  const round = Math.floor((n - 1) / LOOKS.length);
  const name = round === 0 ? `${look.name} (${n})` : `${look.name} ${round + 1} (${n})`;
  const text = font && existsSync(font) ? `,${captions(name, size, font)}` : '';
  return {
    n,
    name,
    video: `${look.picture(size)},format=yuv420p${text}`,
  };
};
