import { useTranslation } from 'react-i18next';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { PinField, usePinEntry } from '@web/shared/ui/PinField';
import styles from './Parental.module.css';

type ParentalPinPromptProps = {
  /** The server's words on the last try (a wrong PIN with the tries left, the wait); null on the first ask. */
  error: string | null;
  busy: boolean;
  onSubmit: (pin: string) => void;
};

/** The account's parental PIN before a title it guards plays; only the server knows whether it is right. */
export const ParentalPinPrompt = ({ error, busy, onSubmit }: ParentalPinPromptProps) => {
  const { t } = useTranslation('parental');
  const { pin, setPin, invalid, submit } = usePinEntry(onSubmit);
  return (
    <section className={styles.gate} aria-labelledby="parental-pin-title">
      <h2 id="parental-pin-title" className={styles.title}>
        {t('prompt.title')}
      </h2>
      <p>{t('prompt.lead')}</p>
      <Form onSubmit={submit} noValidate className={styles.form}>
        <FormAlert tone="error" message={error} />
        <PinField
          label={t('prompt.label')}
          error={invalid ? t('prompt.invalid') : null}
          value={pin}
          onChange={setPin}
          autoFocus
        />
        <Button type="submit" disabled={busy}>
          {busy ? t('prompt.checking') : t('prompt.submit')}
        </Button>
      </Form>
      <p className={styles.muted}>{t('prompt.forgot')}</p>
    </section>
  );
};
