import type { FormHTMLAttributes, Ref } from 'react';
import styles from './Form.module.css';

type FormProps = FormHTMLAttributes<HTMLFormElement> & { ref?: Ref<HTMLFormElement> };

/** A form whose fields and actions stack with the standard gap. */
export const Form = ({ className, ...form }: FormProps) => (
  <form {...form} className={className ? `${styles.form} ${className}` : styles.form} />
);

/** The same stacking for a column that is not a form (a busy placeholder, a result message). */
export const stackClass = styles.form;
