import { type FormEvent, useState } from 'react';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { TextField } from '@web/shared/ui/TextField';
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
  const [pin, setPin] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}$/.test(pin)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSubmit(pin);
  };
  return (
    <section className={styles.gate} aria-labelledby="parental-pin-title">
      <h2 id="parental-pin-title" className={styles.title}>
        {texts.title}
      </h2>
      <p>{texts.lead}</p>
      <Form onSubmit={submit} noValidate className={styles.form}>
        <FormAlert tone="error" message={error} />
        <TextField
          label={texts.label}
          error={invalid ? texts.invalid : null}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={pin}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, 4))}
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
