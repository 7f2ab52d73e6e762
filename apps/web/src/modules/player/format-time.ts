import { formatDate } from '@web/shared/i18n/format';

const pad = (value: number) => String(value).padStart(2, '0');

/** A position as players write it: '12:34', or '1:02:03' from an hour on. */
export const formatPlaybackTime = (totalSeconds: number): string => {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
};

/** When a stream started, as India reads it in the language shown: '12 Jan, 8:05 pm' ('12 जन॰, 8:05 pm'). */
export const formatStartedAt = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : formatDate(date, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
};
