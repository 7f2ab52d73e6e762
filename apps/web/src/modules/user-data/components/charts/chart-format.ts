import type { ViewerAnalytics } from '@app/contracts';
import type { TFunction } from 'i18next';
import { formatDate } from '@web/shared/i18n/format';

/** SPEC 2: the pie has five colours; past four genres the rest share the fifth slice. */
export const PIE_COLOURS = 5;

export type GenreSlice = { genre: string; seconds: number };

/** `other` names the fifth slice ('Other'). */
export const toSlices = (byGenre: ViewerAnalytics['byGenre'], other: string): GenreSlice[] => {
  const sorted = byGenre.filter((slice) => slice.seconds > 0).sort((a, b) => b.seconds - a.seconds);
  if (sorted.length <= PIE_COLOURS) return sorted;
  const rest = sorted.slice(PIE_COLOURS - 1).reduce((sum, slice) => sum + slice.seconds, 0);
  return [...sorted.slice(0, PIE_COLOURS - 1), { genre: other, seconds: rest }];
};

/** '40 s', '45 min', '2 h 5 min': watch time as a viewer reads it; under a minute in seconds, never '0 min'. */
export const formatWatchTime = (seconds: number, t: TFunction<'userData'>): string => {
  const whole = Math.round(seconds);
  if (whole < 60) return t('durationSeconds', { seconds: whole });
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return t('durationMinutes', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? t('durationHoursMinutes', { hours, minutes: rest }) : t('durationHours', { hours });
};

const monthOf = (month: string) => {
  const [year, index] = month.split('-').map(Number);
  return Date.UTC(year, index - 1, 1);
};

/** 'Jan' for '2026-01' (in the language shown: 'जन॰'). */
export const monthName = (month: string): string =>
  formatDate(monthOf(month), { month: 'short', timeZone: 'UTC' });
/** 'January 2026' for '2026-01' ('जनवरी 2026'). */
export const monthLongName = (month: string): string =>
  formatDate(monthOf(month), { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The top of the hours axis and its step: a round number of hours, at least one. */
export const hoursScale = (values: number[], ticks = 4): { max: number; step: number } => {
  const highest = Math.max(0, ...values);
  const raw = highest / ticks;
  const step = [0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500].find((candidate) => candidate >= raw) ?? 1000;
  return { max: Math.max(step, Math.ceil(highest / step) * step), step };
};
