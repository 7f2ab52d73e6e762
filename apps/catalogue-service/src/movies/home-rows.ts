/** One row of the user home, in page order: the titles it may show, best first, and how many it shows. */
export type RowCandidates<T> = {
  candidates: readonly T[];
  size: number;
  /** A ranking shown as such ("Top Rated": the first 10, SPEC 2): it lists its true top entries, repeats or not. */
  chart?: boolean;
};

/**
 * The user home's rule against repeats (issue 24), applied top to bottom in page order:
 * - a chart (Top Rated) keeps its true top entries, since leaving out its number one would misstate the ranking;
 * - every other row leaves out the titles already shown above it (the hero and every row before it, charts
 *   included) and takes the next titles of its own order instead;
 * - a row short of its size once the repeats are out (a small catalogue) is topped up with them, in its own order,
 *   so the rule never empties a row.
 * `shown` holds what is already on screen above the first row (the hero); each row's `candidates` must hold its size
 * plus every title shown above it for the row to fill without repeats.
 */
export const distinctRows = <T>(
  rows: readonly RowCandidates<T>[],
  keyOf: (item: T) => string,
  shown: ReadonlySet<string> = new Set(),
): T[][] => {
  const above = new Set(shown);
  return rows.map(({ candidates, size, chart = false }) => {
    const fresh = chart ? candidates : candidates.filter((item) => !above.has(keyOf(item)));
    const repeats = chart ? [] : candidates.filter((item) => above.has(keyOf(item)));
    const row = [...fresh, ...repeats].slice(0, size);
    for (const item of row) above.add(keyOf(item));
    return row;
  });
};
