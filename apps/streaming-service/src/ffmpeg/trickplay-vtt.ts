/** One frame every 10 s, 320 px wide, 10 × 10 frames per JPEG sheet (as Jellyfin and Netflix do). */
export const TRICKPLAY = { intervalSeconds: 10, width: 320, columns: 10, rows: 10 } as const;

export const sheetName = (index: number) => `sheet_${String(index).padStart(3, '0')}.jpg`;

export type TrickplayGrid = {
  durationSeconds: number;
  /** One frame's size, read from a real sheet (sheet size / grid), so odd aspect ratios stay exact. */
  frameWidth: number;
  frameHeight: number;
  intervalSeconds?: number;
  columns?: number;
  rows?: number;
};

const timestamp = (seconds: number) => {
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
 */
export const buildThumbsVtt = ({
  durationSeconds,
  frameWidth,
  frameHeight,
  intervalSeconds = TRICKPLAY.intervalSeconds,
  columns = TRICKPLAY.columns,
  rows = TRICKPLAY.rows,
}: TrickplayGrid): string => {
  const perSheet = columns * rows;
  const cues: string[] = [];
  const count = thumbnailCount(durationSeconds, intervalSeconds);
  for (let k = 0; k < count; k++) {
    const start = k * intervalSeconds;
    const end = Math.min((k + 1) * intervalSeconds, Math.max(durationSeconds, start + 0.001));
    const cell = k % perSheet;
    const x = (cell % columns) * frameWidth;
    const y = Math.floor(cell / columns) * frameHeight;
    cues.push(
      `${timestamp(start)} --> ${timestamp(end)}\n${sheetName(Math.floor(k / perSheet))}#xywh=${x},${y},${frameWidth},${frameHeight}`,
    );
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
};
