import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { authStrings } from '../strings';
import styles from './Field.module.css';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
};

type FieldFrameProps = Pick<FieldProps, 'label' | 'error' | 'hint'> & {
  children: (control: { id: string; describedBy: string | undefined; invalidClass: string }) => ReactNode;
};

/** Label, control, hint and inline error; the hint and error are announced with the control. */
const FieldFrame = ({ label, error, hint, children }: FieldFrameProps) => {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>{children({ id, describedBy, invalidClass: error ? styles.invalid : '' })}</div>
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

export const TextField = ({ label, error, hint, ...input }: FieldProps) => (
  <FieldFrame label={label} error={error} hint={hint}>
    {({ id, describedBy, invalidClass }) => (
      <input
        {...input}
        id={id}
        className={`${styles.input} ${invalidClass}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
    )}
  </FieldFrame>
);

/** A password input with a show/hide toggle. */
export const PasswordField = ({ label, error, hint, ...input }: Omit<FieldProps, 'type'>) => {
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ id, describedBy, invalidClass }) => (
        <>
          <input
            {...input}
            id={id}
            type={visible ? 'text' : 'password'}
            className={`${styles.input} ${styles.withToggle} ${invalidClass}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          <button
            type="button"
            className={styles.toggle}
            aria-label={visible ? authStrings.hidePassword : authStrings.showPassword}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            <svg className={styles.toggleIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
              <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
              {visible && <path d="M4 20L20 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
            </svg>
          </button>
        </>
      )}
    </FieldFrame>
  );
};
