import type { TFunction } from 'i18next';
import { formatNumber } from '@web/shared/i18n/format';

/** Time left as an admin reads it at a glance: '40 s', '3 min', '1 h 5 min' (in the language shown). */
export const formatEta = (t: TFunction<'adminMovies'>, seconds: number | null): string | null => {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const whole = Math.max(1, Math.round(seconds));
  if (whole < 60) return t('media.eta.seconds', { seconds: whole });
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return t('media.eta.minutes', { minutes });
  const hours = formatNumber(Math.floor(minutes / 60));
  return minutes % 60
    ? t('media.eta.hoursMinutes', { hours, minutes: minutes % 60 })
    : t('media.eta.hours', { hours });
};

/** Units of size: symbols, the same in every language. */
const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size limit in bytes, as a person writes it: '4 GB'. */
export const formatBytes = (bytes: number): string => {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, { maximumFractionDigits: 1 })} ${units[unit]}`;
};
