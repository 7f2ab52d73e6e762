/** One CSV cell: quoted when it holds a comma, a quote or a line break; formulas are neutralised for spreadsheets. */
const cell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@]/.test(text) && Number.isNaN(Number(text)) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A table as CSV (RFC 4180), header first. */
export const toCsv = (headers: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string =>
  [headers, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

/** CSV text as a file to save. */
export const csvFile = (csv: string): Blob => new Blob([csv], { type: 'text/csv;charset=utf-8' });
