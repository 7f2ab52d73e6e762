import { type ReactNode, useId } from 'react';
import styles from './Field.module.css';

export type FieldControl = { id: string; describedBy: string | undefined; invalid: boolean };

export type FieldProps = {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  /** Draws the control, wired to the label (`id`) and to the hint and error (`describedBy`). */
  children: (control: FieldControl) => ReactNode;
};

/** Label, control, hint and inline error; the hint and error are announced with the control. */
export const Field = ({ label, error, hint, className, children }: FieldProps) => {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>{children({ id, describedBy, invalid: Boolean(error) })}</div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
};
