import { formatDate } from '@web/shared/i18n/format';

/** A moment as the admin screens show it, in the language shown ("1 Mar 2026, 3:30 pm"). */
export const when = (iso: string): string => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
