import { formatDate, formatNumber } from '@web/shared/i18n/format';
import { currentLocale } from '@web/shared/i18n/i18n';

/** Budget and revenue are in dollars (SPEC 2), written the way the language shown writes numbers; `unknown` when not known. */
export const formatUsd = (amount: number | null, unknown: string): string =>
  amount === null
    ? unknown
    : formatNumber(amount, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** SPEC 2: the language in upper case ('en' → 'EN'). */
export const formatLanguage = (language: string | null, unknown: string): string =>
  language ? language.toUpperCase() : unknown;

/** A track language in its own script (`hi` → हिन्दी, `en` → English), or the code when the browser cannot name it. */
export const trackLanguageName = (code: string): string => {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
};

/**
 * A track language for someone choosing among them: in the interface's language, then in its own script when that
 * differs ('Tamil · தமிழ்' in English, 'तमिल · தமிழ்' in Hindi, 'हिन्दी' in Hindi), so a script the reader (or their
 * device's fonts) cannot read still has a name they can.
 */
export const trackLanguageChoice = (code: string): string => {
  const own = trackLanguageName(code);
  try {
    const ui = new Intl.DisplayNames([currentLocale()], { type: 'language' }).of(code);
    if (!ui || ui.toLocaleLowerCase() === own.toLocaleLowerCase()) return own;
    return `${ui.charAt(0).toLocaleUpperCase(currentLocale()) + ui.slice(1)} · ${own}`;
  } catch {
    return own;
  }
};

/** A title's audio or subtitle languages by name ('हिन्दी, English'); null when it has none. */
export const formatTrackLanguages = (codes: readonly string[] | undefined): string | null =>
  codes?.length ? codes.map(trackLanguageName).join(', ') : null;

/** '23 September 1994' ('23 सितंबर 1994' in Hindi) from an ISO date or timestamp; `unknown` when there is none. */
export const formatLongDate = (value: string | null, unknown: string): string => {
  if (!value) return unknown;
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? unknown
    : formatDate(date, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
};
