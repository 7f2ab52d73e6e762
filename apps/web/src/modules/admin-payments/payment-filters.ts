import { checkFields } from '@web/shared/ui/form-check';
import { adminPaymentsStrings as texts } from './strings';

export type PaymentFilters = { who: string; title: string; status: string };

export const NO_FILTERS: PaymentFilters = { who: '', title: '', status: '' };

export const filterLabels: Record<keyof PaymentFilters, string> = {
  who: texts.who,
  title: texts.titleFilter,
  status: texts.status,
};

/** The server's bound on a filter's text. */
const FILTER_MAX = 120;

const lengthError = (value: string) => (value.length > FILTER_MAX ? texts.tooLong : undefined);

/** The filters as applied: trimmed, each text within the server's bound. */
export const checkFilters = ({ who, title, status }: PaymentFilters) => {
  const next = { who: who.trim(), title: title.trim(), status };
  return checkFields({ who: lengthError(next.who), title: lengthError(next.title) }, () => next);
};
