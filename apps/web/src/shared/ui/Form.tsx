import type { FormHTMLAttributes, ReactNode, Ref } from 'react';
import { Button } from './Button';
import styles from './Form.module.css';

type FormProps = FormHTMLAttributes<HTMLFormElement> & { ref?: Ref<HTMLFormElement> };

/** A form whose fields and actions stack with the standard gap. */
export const Form = ({ className, ...form }: FormProps) => (
  <form {...form} className={className ? `${styles.form} ${className}` : styles.form} />
);

/** The same stacking for a column that is not a form (a busy placeholder, a result message). */
export const stackClass = styles.form;

/** Short fields side by side, as many to a row as fit (a row of one on a narrow screen). */
export const FormRow = ({ children }: { children: ReactNode }) => (
  <div className={styles.row}>{children}</div>
);

type FormActionsProps = {
  saving: boolean;
  onCancel: () => void;
  texts: { cancel: string; save: string; saving: string };
};

/** Cancel and Save at the foot of a form; Save is the submit button, and says so while the form is saved. */
export const FormActions = ({ saving, onCancel, texts }: FormActionsProps) => (
  <div className={styles.actions}>
    <Button variant="ghost" onClick={onCancel}>
      {texts.cancel}
    </Button>
    <Button type="submit" disabled={saving}>
      {saving ? texts.saving : texts.save}
    </Button>
  </div>
);
