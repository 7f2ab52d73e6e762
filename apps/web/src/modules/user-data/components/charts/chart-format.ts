import type { ViewerAnalytics } from '@app/contracts';
import { userDataStrings as texts } from '@web/modules/user-data/strings';

/** SPEC 2: the pie has five colours; past four genres the rest share the fifth slice. */
export const PIE_COLOURS = 5;

export type GenreSlice = { genre: string; seconds: number };

export const toSlices = (byGenre: ViewerAnalytics['byGenre']): GenreSlice[] => {
  const sorted = byGenre.filter((slice) => slice.seconds > 0).sort((a, b) => b.seconds - a.seconds);
  if (sorted.length <= PIE_COLOURS) return sorted;
  const rest = sorted.slice(PIE_COLOURS - 1).reduce((sum, slice) => sum + slice.seconds, 0);
  return [...sorted.slice(0, PIE_COLOURS - 1), { genre: texts.otherGenres, seconds: rest }];
};

/** '40 s', '45 min', '2 h 5 min': watch time as a viewer reads it; under a minute in seconds, never '0 min'. */
export const formatWatchTime = (seconds: number): string => {
  const whole = Math.round(seconds);
  return whole < 60 ? texts.durationSeconds(whole) : texts.duration(Math.round(whole / 60));
};

const monthOf = (month: string) => {
  const [year, index] = month.split('-').map(Number);
  return Date.UTC(year, index - 1, 1);
};
const shortMonth = new Intl.DateTimeFormat('en-IN', { month: 'short', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'Jan' for '2026-01'. */
export const monthName = (month: string): string => shortMonth.format(monthOf(month));
/** 'January 2026' for '2026-01'. */
export const monthLongName = (month: string): string => longMonth.format(monthOf(month));

/** The top of the hours axis and its step: a round number of hours, at least one. */
export const hoursScale = (values: number[], ticks = 4): { max: number; step: number } => {
  const highest = Math.max(0, ...values);
  const raw = highest / ticks;
  const step = [0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500].find((candidate) => candidate >= raw) ?? 1000;
  return { max: Math.max(step, Math.ceil(highest / step) * step), step };
};
