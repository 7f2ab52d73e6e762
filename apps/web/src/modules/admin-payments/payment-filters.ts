import type { TFunction } from 'i18next';
import { checkFields } from '@web/shared/ui/form-check';

export type PaymentFilters = { who: string; title: string; status: string };

export const NO_FILTERS: PaymentFilters = { who: '', title: '', status: '' };

type T = TFunction<'adminPayments'>;

export const filterLabels = (t: T): Record<keyof PaymentFilters, string> => ({
  who: t('who'),
  title: t('titleFilter'),
  status: t('status'),
});

/** The server's bound on a filter's text. */
const FILTER_MAX = 120;

/** The filters as applied: trimmed, each text within the server's bound. */
export const checkFilters =
  (t: T) =>
  ({ who, title, status }: PaymentFilters) => {
    const lengthError = (value: string) => (value.length > FILTER_MAX ? t('tooLong') : undefined);
    const next = { who: who.trim(), title: title.trim(), status };
    return checkFields({ who: lengthError(next.who), title: lengthError(next.title) }, () => next);
  };
