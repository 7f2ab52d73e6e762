import { errorText } from '@web/shared/api/error-text';
import styles from './FormAlert.module.css';

type FormAlertProps = { tone: 'error' | 'success'; message: string | null };

/** A form's outcome: errors as alerts, successes politely. Renders nothing without a message. */
export const FormAlert = ({ tone, message }: FormAlertProps) =>
  message ? (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`${styles.alert} ${styles[tone]}`}>
      {message}
    </p>
  ) : null;

/** What MutationAlerts reads of a TanStack Query mutation whose answer may carry the server's message. */
type MessageMutation = {
  isSuccess: boolean;
  isError: boolean;
  data?: { message?: string };
  error: unknown;
};

type MutationAlertsProps = {
  mutation: MessageMutation;
  /** Shown on success when the server's answer has no message. */
  success: string;
  /** Shown on failure when the server's message is not for users. */
  failed: string;
  /** Shown when the server could not be reached; `failed` when not given. */
  network?: string;
};

/** The success and failure alerts of a form that sends one mutation. */
export const MutationAlerts = ({ mutation, success, failed, network }: MutationAlertsProps) => (
  <>
    <FormAlert tone="success" message={mutation.isSuccess ? mutation.data?.message || success : null} />
    <FormAlert
      tone="error"
      message={mutation.isError ? errorText(mutation.error, { fallback: failed, network }) : null}
    />
  </>
);
