import styles from './FormAlert.module.css';

type FormAlertProps = { tone: 'error' | 'success'; message: string | null };

/** A form's outcome: errors as alerts, successes politely. Renders nothing without a message. */
export const FormAlert = ({ tone, message }: FormAlertProps) =>
  message ? (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`${styles.alert} ${styles[tone]}`}>
      {message}
    </p>
  ) : null;
