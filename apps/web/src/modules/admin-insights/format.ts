/** Paise as rupees with two decimals, grouped the Indian way (₹1,23,456.00). */
export const rupees = (paise: number): string =>
  (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Paise as a rupee amount for charts and CSV (a plain number). */
export const rupeeValue = (paise: number): number => Math.round(paise) / 100;

/** A share (0–1) as a percentage with one decimal. */
export const percent = (share: number | null): string =>
  share === null ? '–' : `${(share * 100).toFixed(1)} %`;

/** Minutes as hours and minutes. */
export const watchTime = (minutes: number): string => {
  const whole = Math.round(minutes);
  return whole < 60 ? `${whole} min` : `${Math.floor(whole / 60)} h ${whole % 60} min`;
};

export const ms = (value: number | null): string => (value === null ? '–' : `${Math.round(value)} ms`);
