import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { TextField } from '@web/shared/ui/TextField';
import { useDeclareAge } from '../hooks/useParental';
import styles from './Parental.module.css';

/**
 * The first A title of an account asks the account holder's date of birth, once (IT Rules 2021: A titles need an
 * adult). The server judges it; a date under 18 is refused with its words and nothing is stored.
 */
export const AgeDeclaration = ({ onDeclared }: { onDeclared: () => void }) => {
  const { t } = useTranslation('parental');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const declare = useDeclareAge({ onSuccess: onDeclared });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    declare.mutate({ dateOfBirth });
  };
  const failure = declare.isError ? errorText(declare.error, { fallback: t('age.failed') }) : null;
  return (
    <section className={styles.gate} aria-labelledby="age-declaration-title">
      <h2 id="age-declaration-title" className={styles.title}>
        {t('age.title')}
      </h2>
      <p>{t('age.lead')}</p>
      <Form onSubmit={submit} className={styles.form}>
        <FormAlert tone="error" message={failure} />
        <TextField
          label={t('age.label')}
          type="date"
          required
          max={new Date().toISOString().slice(0, 10)}
          value={dateOfBirth}
          onChange={(event) => setDateOfBirth(event.target.value)}
          autoFocus
        />
        <Button type="submit" disabled={declare.isPending || dateOfBirth === ''}>
          {declare.isPending ? t('age.saving') : t('age.submit')}
        </Button>
      </Form>
    </section>
  );
};
