import styles from './MovieFacts.module.css';

/** A null value is an unknown fact: it is left out rather than shown as 'N/A' (issue 24). */
export type MovieFact = [term: string, value: string | null];

type MovieFactsProps = {
  facts: MovieFact[];
  /** The detail page's roomier grid; the modal uses the compact one. */
  wide?: boolean;
};

/** A title's facts (director, runtime, ...) as a term/value grid: one layout for the detail page and the modal. */
export const MovieFacts = ({ facts, wide = false }: MovieFactsProps) => (
  <dl className={wide ? `${styles.facts} ${styles.wide}` : styles.facts}>
    {facts.map(([term, value]) =>
      value === null ? null : (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ),
    )}
  </dl>
);
