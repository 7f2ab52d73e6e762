import {
  CLASSIFICATION_ORDER,
  type Classification,
  ClassificationLabel,
  type UpdateParentalRequest,
} from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { isPin, PinField } from '@web/shared/ui/PinField';
import { PasswordField, SelectField, TextField } from '@web/shared/ui/TextField';
import { useMailParentalCode, useParentalSettings, useUpdateParental } from '../hooks/useParental';
import styles from './Parental.module.css';

/**
 * Profile → Parental controls (issue 25): the account's one parental PIN and the class from which titles ask for it,
 * changed after the account password, or the code the password reset emails when it is forgotten (or there is none).
 * The server refuses a wrong password with its words and stores nothing.
 */
export const ParentalControls = () => {
  const { t } = useTranslation('parental');
  const settings = useParentalSettings();
  const update = useUpdateParental();
  const mailCode = useMailParentalCode();
  const [pin, setPin] = useState('');
  const [pinFrom, setPinFrom] = useState<Classification | null>(null);
  const [proof, setProof] = useState('');
  const [byCode, setByCode] = useState(false);
  const [pinInvalid, setPinInvalid] = useState(false);

  if (settings.isPending) return <p role="status">{t('settings.loading')}</p>;
  if (settings.isError) return <p role="alert">{t('settings.loadFailed')}</p>;
  const current = settings.data;
  const chosenFrom = pinFrom ?? current.pinFrom;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pin !== '' && !isPin(pin)) {
      setPinInvalid(true);
      return;
    }
    setPinInvalid(false);
    const body: UpdateParentalRequest = {
      ...(byCode ? { otp: proof } : { password: proof }),
      ...(pin === '' ? {} : { pin }),
      pinFrom: chosenFrom,
    };
    update.mutate(body, {
      onSuccess: () => {
        setPin('');
        setProof('');
      },
    });
  };

  return (
    <div className={styles.facts}>
      <p>{t('settings.lead')}</p>
      <ul className={styles.facts}>
        <li>{current.pinSet ? t('settings.pinSet') : t('settings.noPin')}</li>
        <li>{current.adultDeclared ? t('settings.adultDeclared') : t('settings.adultNotDeclared')}</li>
      </ul>
      <Form onSubmit={submit} noValidate className={styles.form}>
        <FormAlert tone="success" message={update.isSuccess ? t('settings.saved') : null} />
        <FormAlert
          tone="error"
          message={update.isError ? errorText(update.error, { fallback: t('settings.failed') }) : null}
        />
        <PinField
          label={t('settings.pin')}
          hint={t('settings.pinHint')}
          error={pinInvalid ? t('settings.pinInvalid') : null}
          value={pin}
          onChange={setPin}
        />
        <SelectField
          label={t('settings.pinFrom')}
          value={chosenFrom}
          onChange={(event) => setPinFrom(event.target.value as Classification)}
        >
          {CLASSIFICATION_ORDER.map((classification) => (
            <option key={classification} value={classification}>
              {t('settings.pinFromOption', { classification: ClassificationLabel[classification] })}
            </option>
          ))}
        </SelectField>
        {byCode ? (
          <TextField
            label={t('settings.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={proof}
            onChange={(event) => setProof(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
        ) : (
          <PasswordField
            label={t('settings.password')}
            hint={t('settings.passwordHint')}
            autoComplete="current-password"
            required
            value={proof}
            onChange={(event) => setProof(event.target.value)}
          />
        )}
        <FormAlert tone="success" message={byCode && mailCode.isSuccess ? t('settings.codeSent') : null} />
        <Button type="submit" disabled={update.isPending || proof === ''}>
          {update.isPending ? t('settings.saving') : t('settings.save')}
        </Button>
        <Button
          variant="ghost"
          disabled={mailCode.isPending}
          onClick={() => {
            setProof('');
            if (byCode) setByCode(false);
            else {
              setByCode(true);
              mailCode.mutate();
            }
          }}
        >
          {byCode ? t('settings.usePassword') : t('settings.useCode')}
        </Button>
      </Form>
    </div>
  );
};
