import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { PinField, usePinEntry } from '@web/shared/ui/PinField';
import { parentalStrings } from '../strings';
import styles from './Parental.module.css';

const texts = parentalStrings.prompt;

type ParentalPinPromptProps = {
  /** The server's words on the last try (a wrong PIN with the tries left, the wait); null on the first ask. */
  error: string | null;
  busy: boolean;
  onSubmit: (pin: string) => void;
};

/** The account's parental PIN before a title it guards plays; only the server knows whether it is right. */
export const ParentalPinPrompt = ({ error, busy, onSubmit }: ParentalPinPromptProps) => {
  const { pin, setPin, invalid, submit } = usePinEntry(onSubmit);
  return (
    <section className={styles.gate} aria-labelledby="parental-pin-title">
      <h2 id="parental-pin-title" className={styles.title}>
        {texts.title}
      </h2>
      <p>{texts.lead}</p>
      <Form onSubmit={submit} noValidate className={styles.form}>
        <FormAlert tone="error" message={error} />
        <PinField
          label={texts.label}
          error={invalid ? texts.invalid : null}
          value={pin}
          onChange={setPin}
          autoFocus
        />
        <Button type="submit" disabled={busy}>
          {busy ? texts.checking : texts.submit}
        </Button>
      </Form>
      <p className={styles.muted}>{texts.forgot}</p>
    </section>
  );
};
