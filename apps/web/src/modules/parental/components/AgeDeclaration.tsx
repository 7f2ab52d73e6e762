import { type FormEvent, useState } from 'react';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { TextField } from '@web/shared/ui/TextField';
import { useDeclareAge } from '../hooks/useParental';
import { parentalStrings } from '../strings';
import styles from './Parental.module.css';

const texts = parentalStrings.age;

/**
 * The first A title of an account asks the account holder's date of birth, once (IT Rules 2021: A titles need an
 * adult). The server judges it; a date under 18 is refused with its words and nothing is stored.
 */
export const AgeDeclaration = ({ onDeclared }: { onDeclared: () => void }) => {
  const [dateOfBirth, setDateOfBirth] = useState('');
  const declare = useDeclareAge({ onSuccess: onDeclared });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    declare.mutate({ dateOfBirth });
  };
  const failure = declare.isError ? errorText(declare.error, { fallback: texts.failed }) : null;
  return (
    <section className={styles.gate} aria-labelledby="age-declaration-title">
      <h2 id="age-declaration-title" className={styles.title}>
        {texts.title}
      </h2>
      <p>{texts.lead}</p>
      <Form onSubmit={submit} className={styles.form}>
        <FormAlert tone="error" message={failure} />
        <TextField
          label={texts.label}
          type="date"
          required
          max={new Date().toISOString().slice(0, 10)}
          value={dateOfBirth}
          onChange={(event) => setDateOfBirth(event.target.value)}
          autoFocus
        />
        <Button type="submit" disabled={declare.isPending || dateOfBirth === ''}>
          {declare.isPending ? texts.saving : texts.submit}
        </Button>
      </Form>
    </section>
  );
};
