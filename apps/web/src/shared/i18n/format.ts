import { currentLocale } from './i18n';

/**
 * Rupees in the language shown, with Indian digit grouping from five digits on: "₹1200" as SPEC writes prices,
 * "₹12,000", "₹1,00,000" (`min2`: a lone thousands digit is not set apart, as Indian price tags write it).
 */
export const formatInr = (amount: number): string =>
  new Intl.NumberFormat(currentLocale(), {
    style: 'currency',
    currency: 'INR',
    useGrouping: 'min2',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);

/** A number with the language's digit grouping (1,00,000). */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(currentLocale(), options).format(value);

/** A date (or date and time) in the language shown ('12 January 2026' / '12 जनवरी 2026'). */
export const formatDate = (value: Date | string | number, options: Intl.DateTimeFormatOptions): string =>
  new Intl.DateTimeFormat(currentLocale(), options).format(new Date(value));

/** A moment as India reads it, in India's time ("15 Jan 2099, 8:00 pm"): go-live times and schedules. */
export const formatIndianMoment = (value: Date | string | number): string =>
  formatDate(value, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'Asia/Kolkata',
  });
