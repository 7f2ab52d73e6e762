import type { TFunction } from 'i18next';
import { formatDate, formatInr, formatNumber } from '@web/shared/i18n/format';

type T = TFunction<'adminInsights'>;

/** Paise as a rupee amount for charts and CSV (a plain number). */
export const rupeeValue = (paise: number): number => Math.round(paise) / 100;

/** Paise as money in the language shown, grouped the Indian way (₹1,23,456.50). */
export const rupees = (paise: number): string => formatInr(rupeeValue(paise));

/** A share (0–1) as a percentage with one decimal. */
export const percent = (share: number | null): string =>
  share === null
    ? '–'
    : formatNumber(share, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Minutes as hours and minutes. */
export const watchTime = (t: T, minutes: number): string => {
  const whole = Math.round(minutes);
  return whole < 60
    ? t('units.minutes', { minutes: formatNumber(whole) })
    : t('units.hoursMinutes', { hours: formatNumber(Math.floor(whole / 60)), minutes: whole % 60 });
};

export const ms = (t: T, value: number | null): string =>
  value === null ? '–' : t('units.ms', { ms: formatNumber(Math.round(value)) });

/** A report's day ('2026-03-01', a UTC date) as a chart tick: '1 Mar'. */
export const shortDay = (day: string): string =>
  formatDate(day, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A report's day in a table or a tooltip: '1 Mar 2026'. */
export const longDay = (day: string): string =>
  formatDate(day, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
