/** One frame every 10 s, 320 px wide, 10 × 10 frames per JPEG sheet (as Jellyfin and Netflix do). */
export const TRICKPLAY = { intervalSeconds: 10, width: 320, columns: 10, rows: 10 } as const;

export const sheetName = (index: number) => `sheet_${String(index).padStart(3, '0')}.jpg`;

/**
 * Where the transcode writes the single frames (relative to `trickplay/`, numbered from 0) before the tiling
 * step packs them into sheets and deletes them: a tiled output would write nothing until a whole sheet (1000 s
 * of film) is full, and ffmpeg reports no progress until every output has written its header.
 */
export const TRICKPLAY_FRAMES = { dir: 'frames', pattern: 'f_%05d.jpg', match: /^f_\d{5,}\.jpg$/ } as const;

export type TrickplayGrid = {
  durationSeconds: number;
  /** One frame's size, read from a real sheet (sheet size / grid), so odd aspect ratios stay exact. */
  frameWidth: number;
  frameHeight: number;
  /** Frames really written, when known: cues stop there (the last one then runs to the film's end). */
  frameCount?: number;
  intervalSeconds?: number;
  columns?: number;
  rows?: number;
};

/** A WebVTT cue time (`hh:mm:ss.mmm`). */
export const formatVttTime = (seconds: number): string => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

/** How many thumbnails `fps=1/interval` yields: one at 0 s, then one per started interval. */
export const thumbnailCount = (
  durationSeconds: number,
  intervalSeconds: number = TRICKPLAY.intervalSeconds,
) => Math.max(1, Math.ceil(durationSeconds / intervalSeconds));

/**
 * The WebVTT index of the sprite sheets: cue k covers [k·interval, (k+1)·interval) (the last ends with the
 * film) and points at frame k: sheet ⌊k / (columns·rows)⌋, cell (k mod columns, ⌊k / columns⌋ mod rows).
 * There is one cue per thumbnail the duration implies, or fewer when fewer frames were written (a container
 * longer than its video stream), so no cue points at an empty cell.
 */
export const buildThumbsVtt = ({
  durationSeconds,
  frameWidth,
  frameHeight,
  frameCount,
  intervalSeconds = TRICKPLAY.intervalSeconds,
  columns = TRICKPLAY.columns,
  rows = TRICKPLAY.rows,
}: TrickplayGrid): string => {
  const perSheet = columns * rows;
  const cues: string[] = [];
  const count = Math.max(
    1,
    Math.min(thumbnailCount(durationSeconds, intervalSeconds), frameCount ?? Number.POSITIVE_INFINITY),
  );
  for (let k = 0; k < count; k++) {
    const start = k * intervalSeconds;
    const last = Math.max(durationSeconds, start + 0.001);
    const end = k === count - 1 ? last : Math.min((k + 1) * intervalSeconds, last);
    const cell = k % perSheet;
    const x = (cell % columns) * frameWidth;
    const y = Math.floor(cell / columns) * frameHeight;
    cues.push(
      `${formatVttTime(start)} --> ${formatVttTime(end)}\n${sheetName(Math.floor(k / perSheet))}#xywh=${x},${y},${frameWidth},${frameHeight}`,
    );
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
};
