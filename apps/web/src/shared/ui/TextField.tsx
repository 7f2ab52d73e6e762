import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { controlClass } from './control';
import { Field, type FieldControl } from './Field';
import styles from './TextField.module.css';

type Wired = 'id' | 'aria-invalid' | 'aria-describedby';
type FieldText = { label: string; error?: string | null; hint?: ReactNode; fieldClassName?: string };

/** What ties a control to its Field: the label's id, the hint and error it is described by, its invalid look. */
const wiredTo = ({ id, describedBy, invalid }: FieldControl, className?: string) => ({
  id,
  className: controlClass({ invalid }, className),
  'aria-invalid': invalid || undefined,
  'aria-describedby': describedBy,
});

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, Wired> & FieldText;

/** A labelled input with its hint and inline error. */
export const TextField = ({ label, error, hint, fieldClassName, className, ...input }: TextFieldProps) => (
  <Field label={label} error={error} hint={hint} className={fieldClassName}>
    {(control) => <input {...input} {...wiredTo(control, className)} />}
  </Field>
);

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, Wired> & FieldText;

export const SelectField = ({
  label,
  error,
  hint,
  fieldClassName,
  className,
  ...select
}: SelectFieldProps) => (
  <Field label={label} error={error} hint={hint} className={fieldClassName}>
    {(control) => <select {...select} {...wiredTo(control, className)} />}
  </Field>
);

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Wired> & FieldText;

export const TextAreaField = ({
  label,
  error,
  hint,
  fieldClassName,
  className,
  ...textarea
}: TextAreaFieldProps) => (
  <Field label={label} error={error} hint={hint} className={fieldClassName}>
    {(control) => <textarea {...textarea} {...wiredTo(control, className)} />}
  </Field>
);

type PasswordFieldProps = Omit<TextFieldProps, 'type'> & { showLabel?: string; hideLabel?: string };

/** A password input with a show/hide toggle. */
export const PasswordField = ({
  label,
  error,
  hint,
  fieldClassName,
  className,
  showLabel,
  hideLabel,
  ...input
}: PasswordFieldProps) => {
  const { t } = useTranslation('ui');
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} className={fieldClassName}>
      {(control) => (
        <>
          <input
            {...input}
            {...wiredTo(control, [styles.withToggle, className].filter(Boolean).join(' '))}
            type={visible ? 'text' : 'password'}
          />
          <button
            type="button"
            className={styles.toggle}
            aria-label={visible ? (hideLabel ?? t('hidePassword')) : (showLabel ?? t('showPassword'))}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            <svg className={styles.toggleIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
              <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
              {visible && <path d="M4 20L20 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
            </svg>
          </button>
        </>
      )}
    </Field>
  );
};
