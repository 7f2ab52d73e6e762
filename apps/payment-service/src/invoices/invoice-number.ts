import { TaxDocumentType } from '@app/contracts';

/** Rule 46(b): an invoice number has at most 16 characters. */
export const MAX_NUMBER_LENGTH = 16;
const SEQ_DIGITS = 7;
export const MAX_SEQ = 10 ** SEQ_DIGITS - 1;

const PREFIX: Record<TaxDocumentType, string> = {
  [TaxDocumentType.Invoice]: 'SL',
  [TaxDocumentType.CreditNote]: 'CN',
};

/** India's financial year (April to March) of a moment, in India's time: `{ label: '2026-27', short: '26-27' }`. */
export const financialYearOf = (at: Date): { label: string; short: string } => {
  const [year = 0, month = 0] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: 'numeric',
  })
    .formatToParts(at)
    .filter((part) => part.type === 'year' || part.type === 'month')
    .map((part) => Number(part.value));
  const start = month >= 4 ? year : year - 1;
  const next = String((start + 1) % 100).padStart(2, '0');
  return { label: `${start}-${next}`, short: `${String(start % 100).padStart(2, '0')}-${next}` };
};

/** The number series of a kind in a financial year: `SL/26-27`, `CN/26-27`. */
export const seriesOf = (type: TaxDocumentType, at: Date) => `${PREFIX[type]}/${financialYearOf(at).short}`;

/** `SL/26-27` and 123 → `SL/26-27/0000123` (16 characters at most: up to 9 999 999 a year per series). */
export const documentNumber = (series: string, seq: number): string => {
  if (!Number.isInteger(seq) || seq < 1 || seq > MAX_SEQ)
    throw new RangeError(`no number ${seq} in ${series}`);
  const number = `${series}/${String(seq).padStart(SEQ_DIGITS, '0')}`;
  if (number.length > MAX_NUMBER_LENGTH)
    throw new RangeError(`${number} is longer than ${MAX_NUMBER_LENGTH}`);
  return number;
};
