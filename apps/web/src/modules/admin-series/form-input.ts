/** Shared steps of the three admin forms (series, season, episode): inputs hold text, the wire wants values. */

/** Text as typed, or undefined when left empty (the field is then left out). */
export const optionalText = (value: string): string | undefined => value.trim() || undefined;

/** A number input's text: NaN when empty, so a required number fails its schema rather than becoming 0. */
export const requiredNumber = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value));

export const optionalNumber = (value: string): number | undefined =>
  value.trim() === '' ? undefined : Number(value);

/** 'Alice, Bob ,' → ['Alice', 'Bob']. */
export const nameList = (value: string): string[] =>
  value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** A stored date ('2024-05-01' or an ISO date-time) as a date input's value. */
export const dateInputValue = (value: string | null | undefined): string =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';

/**
 * What an edit sends: only the fields whose value changed. A field emptied although the server keeps it once
 * set (an update cannot clear it) is reported in `cleared` instead of being dropped without a word.
 */
export const changesBetween = <T extends Record<string, unknown>>(next: T, before: T) => {
  const changes: Partial<T> = {};
  const cleared: (keyof T)[] = [];
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (JSON.stringify(next[key]) === JSON.stringify(before[key])) continue;
    if (next[key] === undefined) cleared.push(key);
    else changes[key] = next[key];
  }
  return { changes, cleared };
};

/** Keeps the defined fields only (an add sends no empty optional fields). */
export const definedOnly = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
