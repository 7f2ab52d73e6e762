import { formatDate } from '@web/shared/i18n/format';

/** Dates as India reads them, in the language shown: '12 January 2026' / '12 जनवरी 2026'. */
export const formatPaymentDate = (iso: string | null): string => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : formatDate(date, { day: 'numeric', month: 'long', year: 'numeric' });
};
