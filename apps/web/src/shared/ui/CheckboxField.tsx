import type { InputHTMLAttributes } from 'react';
import styles from './CheckboxField.module.css';

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  label: string;
  onChange: (checked: boolean) => void;
};

/** A checkbox with its label beside it; the whole row is the click target. */
export const CheckboxField = ({ label, onChange, className, ...input }: CheckboxFieldProps) => (
  <label className={className ? `${styles.row} ${className}` : styles.row}>
    <input
      {...input}
      type="checkbox"
      className={styles.box}
      onChange={(event) => onChange(event.target.checked)}
    />
    <span>{label}</span>
  </label>
);
