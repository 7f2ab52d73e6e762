/** One block of ffmpeg's `-progress` output, as far as a transcode's progress needs it. */
export type ProgressSample = { outTimeSeconds: number; ended: boolean };

/** What a caller sees: percent of the source done and the seconds still to go (null until estimable). */
export type TranscodeProgress = { percent: number; etaSeconds: number | null };

/**
 * Reads the `key=value` lines ffmpeg writes with `-progress pipe:1`. A block ends with `progress=continue` or
 * `progress=end`; `out_time_us` (and the misnamed `out_time_ms`, also microseconds) give the output position.
 * Feed it chunks as they come; it calls `onSample` once per complete block.
 */
export const progressParser = (onSample: (sample: ProgressSample) => void) => {
  let buffered = '';
  let outTimeUs: number | null = null;
  return (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.trim();
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      const key = line.slice(0, eq);
      const value = line.slice(eq + 1);
      if (key === 'out_time_us' || key === 'out_time_ms') {
        const us = Number(value);
        // ffmpeg prints N/A (and, before the first frame, negative values): keep the last good position.
        if (Number.isFinite(us) && us >= 0) outTimeUs = us;
      } else if (key === 'progress') {
        onSample({ outTimeSeconds: (outTimeUs ?? 0) / 1e6, ended: value === 'end' });
      }
    }
  };
};

/**
 * Percent and ETA from the output position against the source duration and the time spent so far. Stays
 * below 100 until ffmpeg says it ended (muxers still finish files after the last frame).
 */
export const progressOf = (
  sample: ProgressSample,
  durationSeconds: number | null,
  elapsedSeconds: number,
): TranscodeProgress => {
  if (sample.ended) return { percent: 100, etaSeconds: 0 };
  if (!durationSeconds || durationSeconds <= 0) return { percent: 0, etaSeconds: null };
  const ratio = Math.min(Math.max(sample.outTimeSeconds / durationSeconds, 0), 0.99);
  const percent = Math.floor(ratio * 1000) / 10;
  // Too early to extrapolate: the first second mostly measures start-up.
  if (ratio < 0.01 || elapsedSeconds < 1) return { percent, etaSeconds: null };
  const etaSeconds = Math.max(0, Math.round(elapsedSeconds / ratio - elapsedSeconds));
  return { percent, etaSeconds };
};
