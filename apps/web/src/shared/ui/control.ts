import styles from './TextField.module.css';

export type ControlStyle = { size?: 'sm' | 'md'; pill?: boolean; invalid?: boolean };

/** Class names of a text-like control: for a bare control (a search box, a filter select) outside a Field. */
export const controlClass = (
  { size = 'md', pill = false, invalid = false }: ControlStyle = {},
  className?: string,
): string =>
  [styles.input, size === 'sm' && styles.sm, pill && styles.pill, invalid && styles.invalid, className]
    .filter(Boolean)
    .join(' ');
